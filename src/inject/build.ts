import { dominantLanguage } from '../text/terms.js';
import { teamAuthorOf } from '../text/team-agent.js';
import { fitBudget } from './budget.js';
import { formatBlock, formatLine, type BlockItem, type BlockLanguage } from './format.js';
import { conflictJudge, findConflicts, orderSelected, selectMemories, type BlockCandidates, type BlockMemory, type ConflictMemo, type Selected } from './select.js';
import type { TokenCounter } from './tokens.js';

export interface BuiltBlock<M extends BlockMemory = BlockMemory> {
  /** Empty when there is nothing to inject. */
  text: string;
  tokens: number;
  selected: Array<Selected<M>>;
  /** How many candidates the budget dropped. */
  dropped: number;
  language: BlockLanguage;
}

export interface BlockOptions {
  budget: number;
  topK: number;
  language: 'auto' | BlockLanguage;
  retrievalThreshold: number;
  /** Similarity above which two memories count as the same statement (conflictThreshold()). */
  conflictThreshold: number;
  archiveAfterDays: number;
  now: number;
  /** Conflict decisions a build before this one made (select.ts ConflictMemo). */
  conflictMemo?: ConflictMemo;
}

export const EMPTY_BLOCK: BuiltBlock<never> = { text: '', tokens: 0, selected: [], dropped: 0, language: 'en' };

/**
 * select → order → budget → format: values in, a block out. The result is
 * what `run` hands over and what `context` prints. `vectorOf` gives a
 * candidate's stored vector, for the conflict note; it is only asked about
 * memories that are being rendered.
 */
export function buildBlock<M extends BlockMemory>(
  candidates: BlockCandidates<M>,
  vectorOf: (m: M) => Float32Array | undefined,
  o: BlockOptions,
  count: TokenCounter,
): BuiltBlock<M> {
  const selected = selectMemories(candidates, { topK: o.topK, retrievalThreshold: o.retrievalThreshold, archiveAfterDays: o.archiveAfterDays, now: o.now });
  if (selected.length === 0) return EMPTY_BLOCK;
  const language: BlockLanguage =
    o.language === 'auto'
      ? dominantLanguage(
          [...selected]
            .sort((a, b) => b.relevance - a.relevance)
            .slice(0, 50)
            .map((c) => c.memory.text)
            .join('\n'),
        )
      : o.language;

  // One judge for every render: each pair is decided once.
  const judge = conflictJudge((m) => vectorOf(m as M), o.conflictThreshold, o.conflictMemo);
  // fitBudget's last render is of the items it keeps: that text is the block, not a second render.
  let last: { items: Array<Selected<M>>; text: string } | undefined;
  const render = (items: Array<Selected<M>>): string => {
    if (last?.items.length === items.length && last.items.every((s, i) => s === items[i])) return last.text;
    const ordered = orderSelected(items);
    const conflicts = findConflicts(
      ordered.map((s) => s.memory),
      judge,
    );
    const text = formatBlock(
      ordered.map((s) => itemOf(s)),
      language,
      conflicts,
    );
    last = { items, text };
    return text;
  };
  const line = (s: Selected<M>): string => `${formatLine(itemOf(s), language, 99)}\n`;
  const kept = fitBudget(selected.map((c) => ({ item: c, relevance: c.relevance })), o.budget, render, count, line);
  if (kept.length === 0) return { ...EMPTY_BLOCK, dropped: selected.length, language };
  const text = render(kept);
  return { text, tokens: count(text), selected: orderSelected(kept), dropped: selected.length - kept.length, language };
}

function itemOf<M extends BlockMemory>(s: Selected<M>): BlockItem {
  const from = teamAuthorOf(s.memory.agent);
  return { type: s.memory.type, text: s.memory.text, supplement: s.memory.supplement, date: s.date, ...(from !== undefined ? { from } : {}) };
}
