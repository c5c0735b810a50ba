import { UsageError } from '../errors.js';
import { clipChars } from '../text/index.js';
import { dayEndOf } from '../text/time-span.js';
import { escapeInvisible } from '../text/inert.js';
import type { Memory } from '../store/index.js';

/** Terminal-friendly one-liners for memories (invisible and direction controls shown as what they are); JSON output uses the objects. */
export function oneLine(text: string, max = 100): string {
  return escapeInvisible(clipChars(text.replace(/\s+/g, ' ').trim(), max));
}

export function when(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 16);
}

export function memoryJson(m: Memory): Record<string, unknown> {
  return {
    id: m.id,
    type: m.type,
    text: m.text,
    supplement: m.supplement,
    dir: m.dir,
    agent: m.agent,
    session_id: m.sessionId,
    source: m.source,
    created_at: new Date(m.createdAt).toISOString(),
    last_accessed_at: new Date(m.lastAccessedAt).toISOString(),
    heat: m.heat,
    status: m.status,
    embedder: m.embedderId,
    superseded_by: m.supersededBy,
    reviewed_at: m.reviewedAt === null ? null : new Date(m.reviewedAt).toISOString(),
    subject: m.subject,
    value: m.value,
    valid_from: new Date(m.createdAt).toISOString(),
    valid_to: m.validTo === null ? null : new Date(m.validTo).toISOString(),
  };
}

/** An --as-of value as milliseconds: a date (its end, dayEndOf) or a date and time. */
export function parseAsOf(s: string | undefined, flag = '--as-of'): number | undefined {
  return dayEndOf(s, parseDate(s, flag));
}

/** A --since/--until value as milliseconds. */
export function parseDate(s: string | undefined, flag: string): number | undefined {
  if (s === undefined) return undefined;
  const t = Date.parse(s);
  if (Number.isNaN(t)) throw new UsageError(`${flag} ${brief(s)}: expected a date such as 2026-12-01.`);
  return t;
}

/** User text quoted in an error: never more than a short prefix (it may be a pasted secret). */
export const QUOTE_MAX_CHARS = 20;

export function brief(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= QUOTE_MAX_CHARS) return flat;
  const cut = chars.slice(0, QUOTE_MAX_CHARS).join('');
  // At a word's end where there is one close by: "deploy scr…" reads as a typo.
  const space = cut.lastIndexOf(' ');
  return `${space >= QUOTE_MAX_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}

/** Commander's own error lines quote the offending word in '…': shorten every such quote. */
export function briefQuotes(line: string): string {
  return line.replace(/'([^']*)'/g, (_m, q: string) => `'${brief(q)}'`);
}

/** Where a memory came from, for a person: the session and the moment in it. */
export function sourceLine(m: Memory): string {
  const at = /#t=(\d+(?:\.\d+)?)$/.exec(m.source ?? '');
  const secs = at ? Math.floor(Number(at[1])) : undefined;
  const moment = secs === undefined ? '' : `, ${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')} into it`;
  if (m.sessionId) return `session ${m.sessionId} (${m.agent})${moment}${m.source ? ` — ${m.source}` : ''}`;
  if (m.source === 'remember') return `typed with claude-mem remember (${m.agent})`;
  return m.source === 'mcp' ? `the agent's words, through MCP remember (${m.agent})` : `${m.source ?? 'unknown source'} (${m.agent})`;
}
