import type { Statement } from 'better-sqlite3';
import { ftsQueryTerms, likeTerms } from '../text/terms.js';

/**
 * The lexical half of a search: FTS5 bm25 per memory id (higher is better).
 *
 * bm25 costs about 0.4 µs for every row a query matches, and a query of
 * common words matches a quarter of a 100k store (11 ms). So a term is first
 * probed: one that matches fewer than `probe` rows is rare, and every memory
 * holding a rare term is scored exactly (with all of the query's terms). When
 * every term is rare that is the whole, exact answer. Memories holding only
 * common terms are taken from two bounded sets: those holding all of the
 * user's own common words, and the newest `recent` matches; each is
 * scored by bm25 over its own terms. What is left out holds only some of the
 * common words, none of the rare ones, and is older than the newest matches:
 * it could only enter the pool on a tie, and ties go to newer memories.
 */
export interface LexicalLimits {
  probe: number;
  recent: number;
}

export const LEXICAL_LIMITS: LexicalLimits = { probe: 2000, recent: 1000 };

type Stmt = (sql: string) => Statement;

const BM25 = 'bm25(memories_fts, 1.0, 0.5)';

function scoreInto(out: Map<number, number>, rows: Array<{ id: number; b: number }>): void {
  for (const r of rows) {
    const s = -r.b;
    const had = out.get(r.id);
    // A set scored over fewer terms gives a lower bound: keep the best.
    if (had === undefined || s > had) out.set(r.id, s);
  }
}

function best(stmt: Stmt, match: string, pool: number): Array<{ id: number; b: number }> {
  return stmt(`SELECT rowid AS id, ${BM25} AS b FROM memories_fts WHERE memories_fts MATCH ? ORDER BY b LIMIT ?`).all(match, pool) as Array<{
    id: number;
    b: number;
  }>;
}

function bestOfNewest(stmt: Stmt, match: string, recent: number, pool: number): Array<{ id: number; b: number }> {
  return stmt(
    `SELECT id, b FROM (SELECT rowid AS id, ${BM25} AS b FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC LIMIT ?) ORDER BY b LIMIT ?`,
  ).all(match, recent, pool) as Array<{ id: number; b: number }>;
}

/** How many memories hold a quoted term, counted up to `cap`. */
export function matchCountUpTo(stmt: Stmt, term: string, cap: number): number {
  return stmt('SELECT count(*) FROM (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? LIMIT ?)').pluck().get(term, cap) as number;
}

/**
 * Term counts of one search, shared by the lexical match and the query
 * vector's weights (query-rarity.ts): each term is counted once.
 */
export type TermCounts = Map<string, number>;

export function countOf(stmt: Stmt, counts: TermCounts, term: string, cap: number): number {
  const known = counts.get(term);
  if (known !== undefined) return known;
  const n = matchCountUpTo(stmt, term, cap);
  counts.set(term, n);
  return n;
}

const or = (ts: string[]): string => ts.join(' OR ');

function ftsMatches(stmt: Stmt, own: string[], widened: string[], pool: number, limits: LexicalLimits, seen: TermCounts): Map<number, number> {
  const counts = new Map([...own, ...widened].map((t) => [t, countOf(stmt, seen, t, limits.probe)]));
  // A term that matches nothing adds nothing to any bm25: leaving it out
  // changes no score and spares the queries below.
  const all = [...counts.keys()].filter((t) => (counts.get(t) ?? 0) > 0);
  const out = new Map<number, number>();
  if (all.length === 0) return out;
  const rare = all.filter((t) => (counts.get(t) ?? 0) < limits.probe);
  if (rare.length === all.length) {
    scoreInto(out, best(stmt, or(all), pool));
    return out;
  }
  const common = all.filter((t) => !rare.includes(t));
  if (rare.length > 0) {
    // Two disjoint sets, each scored over all of the query's terms: every
    // memory holding a rare term, exactly.
    scoreInto(out, best(stmt, `(${or(rare)}) AND (${or(common)})`, pool));
    scoreInto(out, best(stmt, `(${or(rare)}) NOT (${or(common)})`, pool));
  }
  const ownCommon = own.filter((t) => common.includes(t));
  if (ownCommon.length > 1) scoreInto(out, bestOfNewest(stmt, ownCommon.join(' AND '), limits.recent, pool));
  scoreInto(out, bestOfNewest(stmt, or(all), limits.recent, pool));
  return new Map([...out].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, pool));
}

function likeMatches(stmt: Stmt, query: string, pool: number): Map<number, number> {
  const out = new Map<number, number>();
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

/** bm25 per memory id, best `pool`; falls back to LIKE on any FTS error. `counts` keeps each term's count for the caller. */
export function lexicalMatches(stmt: Stmt, query: string, pool: number, limits: LexicalLimits = LEXICAL_LIMITS, counts: TermCounts = new Map()): Map<number, number> {
  const q = ftsQueryTerms(query);
  if (q) {
    try {
      return ftsMatches(stmt, q.own, q.widened, pool, limits, counts);
    } catch {
      // Fall through to LIKE: a query must never fail because of FTS syntax.
    }
  }
  return likeMatches(stmt, query, pool);
}
