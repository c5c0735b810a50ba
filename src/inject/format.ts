import { BLOCK_BEGIN, BLOCK_END } from '../memory-block.js';
import type { MemoryType } from '../text/index.js';

export type BlockLanguage = 'zh' | 'en';

export interface BlockItem {
  type: MemoryType;
  text: string;
  /** Restatements merged into it; the newest is shown, whole, so a merge is never invisible. */
  supplement?: string;
  /** Shown for old memories that are still hot, so the model can weigh age. */
  date?: string;
}

const FRAME = {
  zh: {
    open: '以下是此前会话中记下的背景信息（来自 claude-mem）：',
    close: '仅在相关时使用这些记忆，不要复述它们。',
    tags: { global: '[偏好]', project: '[项目]', fact: '[事实]' },
    also: (s: string) => `（另述：${s}）`,
    conflict: (a: number, b: number) => `注意：第 ${a} 条与第 ${b} 条记忆相互矛盾，以较新的一条为准，必要时向用户确认。`,
  },
  en: {
    open: 'Background facts from earlier sessions (from claude-mem):',
    close: 'Use these memories only where relevant, and do not recite them.',
    tags: { global: '[preference]', project: '[project]', fact: '[fact]' },
    also: (s: string) => `(also: ${s})`,
    conflict: (a: number, b: number) => `Note: memories ${a} and ${b} disagree; prefer the newer one, and ask the user if it matters.`,
  },
} as const;

/** One memory per line: newlines inside a memory are folded so lines stay one memory each. */
export function formatLine(item: BlockItem, lang: BlockLanguage, index: number): string {
  const text = item.text.replace(/\s*\n\s*/g, ' / ');
  const date = item.date ? ` (${item.date})` : '';
  const newest = item.supplement?.split('\n').filter(Boolean).pop();
  const also = newest ? ` ${FRAME[lang].also(newest.replace(/\s+/g, ' ').trim())}` : '';
  return `${index}. ${FRAME[lang].tags[item.type]} ${text}${also}${date}`;
}

/** Pure: the whole block, markers included. Conflicts are 1-based item indexes. */
export function formatBlock(items: BlockItem[], lang: BlockLanguage, conflicts: Array<[number, number]> = []): string {
  const f = FRAME[lang];
  const lines = [BLOCK_BEGIN, f.open, ...items.map((it, i) => formatLine(it, lang, i + 1))];
  for (const [a, b] of conflicts) lines.push(f.conflict(a, b));
  lines.push(f.close, BLOCK_END);
  return lines.join('\n');
}
