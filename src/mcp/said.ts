/**
 * MCP's second tier: what was said (the episode index), beside memories.
 * Rows as short as memory rows (an excerpt around the answer, not the first
 * characters), ids an agent can `get` ("e12") and a timeline around them.
 */
import { excerpt } from '../episodes/excerpt.js';
import type { DirectoryMemory } from '../memory/directory-memory.js';
import type { Episode } from '../store/episodes.js';
import { day } from './rows.js';

/** Passages per search, at most: the second tier stays within the search's token figures. */
export const SAID_ROWS = 5;
const ROW_CHARS = 80;


export const isSaidId = (id: string): boolean => /^e\d+$/.test(id.trim());
const rowidOf = (id: string): number => Number(id.trim().slice(1));

export function saidRow(e: Episode, question: string, score?: number): string {
  const parts = [`e${e.id}`, 'said', day(e.at), `${e.agent || '-'} ${e.role}`];
  if (score !== undefined) parts.push(score.toFixed(2));
  return `${parts.join(' · ')} · ${excerpt(e.text, question, ROW_CHARS)}`;
}

/** The second tier of a search: rows, or none. */
export function saidRows(memory: DirectoryMemory, query: string, o: { limit: number; since?: number; until?: number }): string[] {
  const { hits } = memory.stores.project.searchEpisodes(query, { limit: Math.min(SAID_ROWS, o.limit), ...(o.since !== undefined ? { since: o.since } : {}), ...(o.until !== undefined ? { until: o.until } : {}) });
  return hits.map((h) => saidRow(h.episode, query, h.score));
}

export function saidRecord(e: Episode): string {
  return [`id: e${e.id}`, 'kind: said (a passage of a session, redacted; not a memory)', `said: ${new Date(e.at).toISOString()}`, `by: ${e.agent || '-'} ${e.role}`, `session: ${e.sessionId}`, `source: ${e.source ?? '-'}`, `text: ${e.text}`].join('\n');
}

export function getSaid(memory: DirectoryMemory, id: string): Episode | undefined {
  return isSaidId(id) ? memory.stores.project.getEpisode(rowidOf(id)) : undefined;
}

/** The passages around one, in its session. */
export function saidTimeline(memory: DirectoryMemory, id: string, around: number): string | undefined {
  const rows = memory.stores.project.episodeTimeline(rowidOf(id), around);
  if (rows.length === 0) return undefined;
  return rows.map((e) => `${`e${e.id}` === id.trim() ? '>' : ' '} ${saidRow(e, '')}`).join('\n');
}
