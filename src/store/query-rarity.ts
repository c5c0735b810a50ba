import type { Statement } from 'better-sqlite3';
import { quoteTerm } from '../text/terms.js';
import { countOf, LEXICAL_LIMITS, type TermCounts } from './lexical.js';

/**
 * The built-in lexical vectors weigh every word alike, and the store knows
 * better: a word most memories hold (a person's name in every turn of a
 * chat, the project's own name) says little about which memory is meant.
 * So a query's lexical vector weighs each of its words by how rare the word
 * is in this store, from FTS5's own counts (most already taken for the bm25
 * half). Only the query is weighed: memory vectors stay as they were
 * written, and nothing stored changes as the counts do.
 *
 * LoCoMo's development half, memories tier, turn recall@5: 0.679
 * unweighed, 0.686 with the power 1, 0.691 with 2 (this), 0.696 with 3;
 * with questions ranked below their answers (neighbours.ts) 0.706 with 2
 * and 0.711 with 3. BEAM's development split lost a current value at the
 * top with 3 (41 → 40), none with 2.
 */
export const RARITY_POWER = 2;

/** Pure: the weight in a query vector of a word that `count` of about `docs` memories hold. */
export function rarityWeight(count: number, docs: number): number {
  return Math.log(1 + Math.max(docs, 1) / (count + 1)) ** RARITY_POWER;
}

/**
 * A word's weight in this store. Counts stop at the lexical probe (2,000),
 * so a word in a quarter of a 100k store costs what a rarer one does; the
 * store's size is its highest row id (exact enough, and O(1)).
 */
export function queryRarity(stmt: (sql: string) => Statement, counts: TermCounts): (term: string) => number {
  const docs = (stmt('SELECT max(rowid) FROM memories').pluck().get() as number | null) ?? 0;
  return (term) => {
    try {
      return rarityWeight(countOf(stmt, counts, quoteTerm(term), LEXICAL_LIMITS.probe), docs);
    } catch {
      // A term FTS5 cannot parse weighs as it did before weights.
      return 1;
    }
  };
}
