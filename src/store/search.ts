import type { Statement } from 'better-sqlite3';
import { cosine } from './embed/embedder.js';
import { LEXICAL_LIMITS, lexicalMatches, type TermCounts } from './lexical.js';
import { queryRarity } from './query-rarity.js';
import { answerTerms } from './answer-terms.js';
import { sessionNeighbours } from './session-neighbours.js';
import { applyDirPenalty, applyTimeMatch, bestFirst, fuse } from './rank.js';
import { lendToNeighbours, SESSION_SUPPORT, supportFromSession } from './neighbours.js';
import { timeSpanOf } from '../text/time-span.js';
import { passesFilter, toMemory, type MemoryRow } from './rows.js';
import type { VectorIndex } from './vectors.js';
import type { Hit, SearchOptions, StoreScope } from './types.js';

/**
 * How many candidates each side (FTS, KNN) contributes before fusion: five
 * for every result asked, at least 50. Fusion rarely lifts a candidate from
 * past 5× the limit on both sides into the results, and each candidate costs
 * a vector and a row read (~15 µs at 100k).
 */
export function searchPool(limit: number): number {
  return Math.max(50, limit * 5);
}

export interface SearchSource {
  stmt: (sql: string) => Statement;
  vectors: VectorIndex;
  scope: StoreScope;
  rowsByIds: (ids: number[]) => Map<number, MemoryRow>;
  /** The built-in lexical vectors only: the query's vector again, each word weighed (query-rarity.ts), with learned answer words (answer-terms.ts). */
  reweigh?: (query: string, weightOf: (term: string) => number, extra: ReadonlyMap<string, number>) => Float32Array;
}

/**
 * Hybrid search over one store: the FTS5 pool and the KNN pool, each
 * memory scored by the fused formula (rank.ts), filtered, best first.
 */
export function hybridSearch(src: SearchSource, query: string, given: Float32Array | undefined, opts: SearchOptions): Hit[] {
  const pool = opts.pool ?? searchPool(opts.limit);
  const counts: TermCounts = new Map();
  const lexical = lexicalMatches(src.stmt, query, pool, LEXICAL_LIMITS, counts);
  const rarity = given && src.reweigh ? queryRarity(src.stmt, counts) : undefined;
  const v = given && src.reweigh && rarity ? src.reweigh(query, rarity, answerTerms(src.stmt, query, rarity, counts)) : given;
  // Without a query vector (a lexical-only search) the score is bm25 alone.
  const near = v ? src.vectors.nearest(v, pool, opts.type) : [];
  const cos = new Map<number, number>(near.map((n) => [n.memoryId, n.similarity]));
  const pooled = [...new Set([...cos.keys(), ...lexical.keys()])];
  const rows = src.rowsByIds(pooled);
  let best = 0;
  for (const [id, b] of lexical) if (rows.has(id) && b > best) best = b;
  // Filtered before any vector is read: the FTS pool is not typed (a type
  // join costs bm25 2-3× at 100k), so a search for facts may bring back
  // mostly other memories, and each costs a vector read and a cosine.
  const kept: MemoryRow[] = [];
  for (const id of pooled) {
    const row = rows.get(id);
    if (row && passesFilter(row, opts)) kept.push(row);
  }
  if (kept.length === 0) return [];
  if (v) for (const [id, vec] of src.vectors.byIds(kept.filter((r) => !cos.has(r.id)).map((r) => r.id))) cos.set(id, cosine(v, vec));
  const hits: Hit[] = [];
  const span = timeSpanOf(query);
  const hitOf = (row: MemoryRow, c: number): Hit => {
    const fused = fuse(c, lexical.get(row.id), best);
    const score = applyDirPenalty(applyTimeMatch(fused.score, row.created_at, span), row.dir, opts.cwd, opts.crossDirPenalty ?? 1);
    return { memory: toMemory(src.scope, row), score, cosine: c, lexical: fused.lexical };
  };
  for (const row of kept) hits.push(hitOf(row, cos.get(row.id) ?? 0));
  hits.sort(bestFirst);
  const scored = new Map(hits.map((h) => [h.memory.rowid, h]));
  const asHit = (row: MemoryRow | undefined): Hit | undefined => {
    if (!row || !passesFilter(row, opts)) return undefined;
    const known = scored.get(row.id);
    if (known) return known;
    const vec = v ? src.vectors.byIds([row.id]).get(row.id) : undefined;
    return hitOf(row, v && vec ? cosine(v, vec) : 0);
  };
  const lifted = lendToNeighbours(hits, (h) => {
    const row = rows.get(h.memory.rowid);
    const n = row ? sessionNeighbours(src.stmt, row) : {};
    const before = asHit(n.before);
    const after = asHit(n.after);
    return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
  });
  return supportFromSession(lifted, SESSION_SUPPORT.weight, SESSION_SUPPORT.others).slice(0, opts.limit);
}
