/**
 * A search that falls through: memories first, and where they answer the
 * question weakly, passages of what was said (episodes/merge.ts), marked as
 * such. `episodes: 'only'` searches what was said alone. A search narrowed
 * by type, agent, directory or to archived memories is a search of memories.
 */
import { mergeTiers, newestPerSubject } from '../episodes/merge.js';
import { newestStatementFirst } from '../timeline/newest-first.js';
import { withoutNowWords } from '../text/now-words.js';
import type { EpisodeHit } from '../store/episodes.js';
import type { Hit } from '../store/index.js';
import { SESSION_SPREAD, spreadSessions } from './session-spread.js';
import { DEFAULT_QUERY_LIMIT, type DirectoryMemory, type QueryOptions } from './directory-memory.js';

/** One result of a search that falls through to what was said. */
export type Found = { kind: 'memory'; hit: Hit } | { kind: 'said'; hit: EpisodeHit };

export interface FoundResult {
  found: Found[];
  ms: number;
}

export async function searchAll(m: DirectoryMemory, question: string, o: QueryOptions & { episodes?: 'also' | 'only' } = {}): Promise<FoundResult> {
  const started = process.hrtime.bigint();
  // "most recently", 目前: how the newest is asked for, not what it is about (text/now-words.ts).
  const text = withoutNowWords(question);
  const limit = o.limit ?? DEFAULT_QUERY_LIMIT;
  // The order must not depend on how many are asked for: the first 3 are the first 3 of 10.
  // Newest-wins needs the later statement among the candidates, so a short list is cut from a full one.
  const pool = Math.max(limit, DEFAULT_QUERY_LIMIT);
  const spreadPool = Math.max(pool, SESSION_SPREAD.pool);
  const withSaid = o.episodes === 'only' || (o.type === undefined && o.agent === undefined && o.dir === undefined && !o.includeArchived);
  const found0 = o.episodes === 'only' ? [] : (await m.search(text, { ...o, limit: pool })).hits;
  // As of now, two current hits of one subject (a link missed when written) show the newer first.
  const memories = o.asOf === undefined ? newestPerSubject(found0, (h) => (h.memory.validTo === null ? h.memory.subjectKey : null), (h) => h.memory.createdAt) : found0;
  const until = o.asOf ?? o.until;
  const said = withSaid
    ? m.stores.project.searchEpisodes(text, { limit: pool, ...(until !== undefined ? { until } : {}), ...(o.since !== undefined ? { since: o.since } : {}) })
    : { hits: [], weight: () => 1 };
  if (said.hits.length === 0) {
    const timeline = newestStatementFirst(text, memories.map((h) => ({ item: h, text: h.memory.text, at: h.memory.createdAt })), said.weight);
    return { found: timeline.slice(0, limit).map((e): Found => ({ kind: 'memory', hit: e.item })), ms: msSince(started) };
  }
  const merged = mergeTiers<Hit, EpisodeHit>(
    text,
    memories.map((h) => ({ item: h, text: h.memory.text, at: h.memory.createdAt, score: h.score, lent: h.lent === true })),
    said.hits.map((h) => ({ item: h, text: h.episode.text, at: h.firstSaid ?? h.episode.at, role: h.episode.role, id: h.episode.id, ...(h.replaces !== undefined ? { replaces: h.replaces } : {}) })),
    said.weight,
    spreadPool,
  );
  // The merge weaves two ordered tiers; the tail is spread across sessions again over both.
  const spread = spreadSessions(merged, (x) => (x.kind === 'memory' ? (x.item as Hit).memory.sessionId : (x.item as EpisodeHit).episode.sessionId), (x) => x.strength);
  // Memories and passages are evidence of one kind: of the statements of the asked thing, the newest answers (timeline/).
  const timeline = newestStatementFirst(text, spread.map((x) => ({ item: x, text: x.text, at: x.at, kind: x.kind })), said.weight).slice(0, limit);
  const found = timeline.map(({ item: x }): Found => (x.kind === 'memory' ? { kind: 'memory', hit: x.item as Hit } : { kind: 'said', hit: x.item as EpisodeHit }));
  return { found, ms: msSince(started) };
}

const msSince = (started: bigint): number => Number(process.hrtime.bigint() - started) / 1e6;
