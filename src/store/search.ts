import type { Statement } from 'better-sqlite3';
import { cosine } from './embed/embedder.js';
import { lexicalMatches } from './lexical.js';
import { applyDirPenalty, fuse } from './rank.js';
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
}

/**
 * Hybrid search over one store: the FTS5 pool and the KNN pool, each
 * memory scored by the fused formula (rank.ts), filtered, best first.
 */
export function hybridSearch(src: SearchSource, query: string, v: Float32Array | undefined, opts: SearchOptions): Hit[] {
  const pool = searchPool(opts.limit);
  const lexical = lexicalMatches(src.stmt, query, pool);
  // Without a query vector (a lexical-only search) the score is bm25 alone.
  const near = v ? src.vectors.nearest(v, pool, opts.type) : [];
  const cos = new Map<number, number>(near.map((n) => [n.memoryId, n.similarity]));
  const lexOnly = [...lexical.keys()].filter((id) => !cos.has(id));
  if (v) for (const [id, vec] of src.vectors.byIds(lexOnly)) cos.set(id, cosine(v, vec));
  const ids = [...new Set([...cos.keys(), ...lexical.keys()])];
  const rows = src.rowsByIds(ids);
  let best = 0;
  for (const [id, b] of lexical) if (rows.has(id) && b > best) best = b;
  const hits: Hit[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row || !passesFilter(row, opts)) continue;
    const c = cos.get(id) ?? 0;
    const fused = fuse(c, lexical.get(id), best);
    const score = applyDirPenalty(fused.score, row.dir, opts.cwd, opts.crossDirPenalty ?? 1);
    hits.push({ memory: toMemory(src.scope, row), score, cosine: c, lexical: fused.lexical });
  }
  hits.sort((a, b) => b.score - a.score || b.memory.createdAt - a.memory.createdAt);
  return hits.slice(0, opts.limit);
}
