import type { Statement } from 'better-sqlite3';
import { cosine } from './embed/embedder.js';
import { ftsMatchQuery, likeTerms } from '../text/index.js';
import { applyDirPenalty, fuse } from './rank.js';
import { passesFilter, toMemory, type MemoryRow } from './rows.js';
import type { VectorIndex } from './vectors.js';
import type { Hit, SearchOptions, StoreScope } from './types.js';

/** How many candidates each side (FTS, KNN) contributes before fusion. */
export const SEARCH_POOL = 100;

export interface SearchSource {
  stmt: (sql: string) => Statement;
  vectors: VectorIndex;
  scope: StoreScope;
  rowsByIds: (ids: number[]) => Map<number, MemoryRow>;
}

/** FTS5 bm25 per memory id (higher is better); falls back to LIKE on any FTS error. */
export function lexicalMatches(stmt: SearchSource['stmt'], query: string, pool: number): Map<number, number> {
  const out = new Map<number, number>();
  const match = ftsMatchQuery(query);
  if (match) {
    try {
      const rows = stmt('SELECT rowid AS id, bm25(memories_fts, 1.0, 0.5) AS b FROM memories_fts WHERE memories_fts MATCH ? ORDER BY b LIMIT ?').all(
        match,
        pool,
      ) as Array<{ id: number; b: number }>;
      for (const r of rows) out.set(r.id, -r.b);
      return out;
    } catch {
      // Fall through to LIKE: a query must never fail because of FTS syntax.
    }
  }
  const terms = likeTerms(query);
  if (terms.length === 0) return out;
  const esc = (t: string): string => `%${t.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const where = terms.map(() => "(text LIKE ? ESCAPE '\\' OR supplement LIKE ? ESCAPE '\\')").join(' OR ');
  const params = terms.flatMap((t) => [esc(t), esc(t)]);
  const rows = stmt(`SELECT id, text, supplement FROM memories WHERE ${where} LIMIT ?`).all(...params, pool) as Array<{
    id: number;
    text: string;
    supplement: string;
  }>;
  for (const r of rows) {
    const hay = `${r.text}\n${r.supplement}`.toLowerCase();
    out.set(r.id, terms.filter((t) => hay.includes(t)).length);
  }
  return out;
}

/**
 * Hybrid search over one store: the FTS5 pool and the KNN pool, each
 * memory scored by the fused formula (rank.ts), filtered, best first.
 */
export function hybridSearch(src: SearchSource, query: string, v: Float32Array | undefined, opts: SearchOptions): Hit[] {
  const lexical = lexicalMatches(src.stmt, query, SEARCH_POOL);
  // Without a query vector (a lexical-only search) the score is bm25 alone.
  const near = v ? src.vectors.nearest(v, SEARCH_POOL, opts.type) : [];
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
