/**
 * Claude Code's own "auto memory": Markdown notes the model writes, one fact
 * each, with front matter `name`, `description` and `metadata.type` (user,
 * feedback, project, reference), in ~/.claude/projects/<slug>/memory/.
 * Read only, never written. Pure: text in, a note out.
 */
import type { MemoryType } from '../text/index.js';

export interface ClaudeNote {
  name: string;
  type: MemoryType;
  text: string;
}

/** user and feedback are about the person; project is how to work here; reference is a fact. */
const TYPES: Record<string, MemoryType> = { user: 'global', feedback: 'global', project: 'project', reference: 'fact' };

export function parseClaudeNote(markdown: string, fallbackName: string): ClaudeNote | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(markdown);
  const front = m?.[1] ?? '';
  const body = (m ? m[2] ?? '' : markdown).trim();
  const field = (key: string): string | undefined => new RegExp(`^\\s*${key}:\\s*(.+?)\\s*$`, 'm').exec(front)?.[1]?.replace(/^["']|["']$/g, '');
  const kind = field('type') ?? 'reference';
  const type = TYPES[kind] ?? 'fact';
  const description = field('description');
  // The body is the fact; [[links]] to other notes become plain names.
  const text = (body || description || '').replace(/\[\[([^\]|]+)(?:\|([^\]]+))?\]\]/g, (_, a: string, b?: string) => b ?? a).replace(/\s+\n/g, '\n').trim();
  if (!text) return undefined;
  return { name: field('name') ?? fallbackName, type, text };
}
