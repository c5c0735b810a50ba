import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import type { Statement } from 'better-sqlite3';
import { ftsMatchQuery, indexTerms } from '../text/index.js';
import { lexicalMatches, type LexicalLimits } from './lexical.js';

/** A bare FTS table as the store builds it, filled with `texts` (rowid = index + 1). */
function ftsOf(texts: string[]): (sql: string) => Statement {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE memories_fts USING fts5(text_terms, supplement_terms, tokenize = 'porter unicode61');`);
  db.exec('CREATE TABLE memories (id INTEGER PRIMARY KEY, text TEXT, supplement TEXT)');
  const ins = db.prepare('INSERT INTO memories_fts (rowid, text_terms, supplement_terms) VALUES (?, ?, ?)');
  texts.forEach((t, i) => ins.run(i + 1, indexTerms(t), ''));
  const cache = new Map<string, Statement>();
  return (sql) => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return s;
  };
}

const EXACT: LexicalLimits = { probe: 1e9, recent: 1e9 };
const SMALL: LexicalLimits = { probe: 6, recent: 4 };

describe('bounded bm25 (lexicalMatches)', () => {
  it('is the exact answer when every term is rare', () => {
    const stmt = ftsOf(['the orders table has an index', 'billing exporter writes JSON logs', '日志统一用 JSON 格式', 'orders are paged']);
    for (const q of ['orders index', 'JSON 日志', 'nothing matches this']) {
      expect([...lexicalMatches(stmt, q, 10, SMALL)]).toEqual([...lexicalMatches(stmt, q, 10, EXACT)]);
    }
    // Terms that match nothing are left out without changing a score.
    const raw = stmt('SELECT rowid AS id, -bm25(memories_fts, 1.0, 0.5) AS s FROM memories_fts WHERE memories_fts MATCH ? ORDER BY s DESC').all(ftsMatchQuery('orders index zebra')) as Array<{ id: number; s: number }>;
    const mine = lexicalMatches(stmt, 'orders index zebra', 10, SMALL);
    expect(raw.length).toBe(mine.size);
    for (const r of raw) expect(mine.get(r.id)).toBeCloseTo(r.s, 9);
  });

  it('finds an old memory by its rare term among many newer common matches, with its exact score', () => {
    const texts = ['deploy notes: the canary uses zookeeper quorum', ...Array.from({ length: 40 }, (_, i) => `deploy notes for release ${i}`)];
    const stmt = ftsOf(texts);
    const exact = lexicalMatches(stmt, 'deploy zookeeper', 5, EXACT);
    const bounded = lexicalMatches(stmt, 'deploy zookeeper', 5, SMALL);
    expect([...bounded.keys()][0]).toBe(1);
    expect(bounded.get(1)).toBeCloseTo(exact.get(1) ?? Number.NaN, 9);
  });

  it('finds old memories holding all of the common words, though newer ones hold only some', () => {
    const texts = [
      ...Array.from({ length: 3 }, (_, i) => `payment webhook retries staging ${i}`),
      ...Array.from({ length: 40 }, (_, i) => (i % 2 ? `payment service ${i}` : `webhook relay ${i}`)),
    ];
    const stmt = ftsOf(texts);
    const ids = [...lexicalMatches(stmt, 'payment webhook', 3, { probe: 6, recent: 4 }).keys()];
    expect(ids.sort()).toEqual([1, 2, 3]);
  });

  it('never scores a memory above its exact bm25, nor finds one the query does not match', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'orders', 'index', '日志', '格式'];
    const corpus = fc.array(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 60 });
    const query = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(corpus, query, (docs, q) => {
        const stmt = ftsOf(docs.map((d) => d.join(' ')));
        const text = q.join(' ');
        const exact = lexicalMatches(stmt, text, 1000, EXACT);
        const bounded = lexicalMatches(stmt, text, 1000, SMALL);
        for (const [id, s] of bounded) expect(s).toBeLessThanOrEqual((exact.get(id) ?? Number.NaN) + 1e-9);
        expect(bounded.size).toBeLessThanOrEqual(exact.size);
      }),
      { numRuns: 150 },
    );
  });
});
