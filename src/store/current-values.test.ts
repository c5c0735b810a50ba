import { describe, expect, it } from 'vitest';
import { openDatabase } from './db.js';
import { MemoryStore } from './memory-store.js';
import { LexicalEmbedder } from './embed/lexical.js';
import { POLICY } from './test-helpers.js';

const base = { agent: 'claude', sessionId: 's1', source: 'sessions/s1.cast#t=1.0' };

/** Facts in two directories, some stating a subject's value; heat and subjects set by hand. */
async function storeWithState(): Promise<{ db: ReturnType<typeof openDatabase>; store: MemoryStore; ids: number[] }> {
  const db = openDatabase(':memory:');
  const store = new MemoryStore(db, new LexicalEmbedder(), 'project', ':memory:');
  const texts = ['alpha value recorded', 'bravo value recorded', 'charlie value recorded', 'delta value recorded', 'echo value recorded', 'foxtrot value recorded'];
  const results = await store.writeMany(
    texts.map((text, i) => ({ ...base, dir: i === 4 ? '/elsewhere' : '/p', type: 'fact' as const, text, explicit: true })),
    POLICY,
  );
  const ids = results.map((r) => store.parseId(r.id ?? '') ?? -1);
  const set = db.prepare('UPDATE memories SET heat = ?, subject_key = ?, value = ? WHERE id = ?');
  // heat: the order they must come back in; a null subject is not a current value.
  set.run(5, 'alpha', '1', ids[0]);
  set.run(9, 'bravo', '2', ids[1]);
  set.run(50, null, null, ids[2]);
  set.run(7, 'delta', '4', ids[3]);
  set.run(99, 'echo', '5', ids[4]);
  set.run(3, 'foxtrot', '6', ids[5]);
  db.prepare("UPDATE memories SET status = 'archived' WHERE id = ?").run(ids[5]);
  return { db, store, ids };
}

describe('current values for the block', () => {
  it('are the active subject-bearing facts of the directories, hottest first, up to the limit', async () => {
    const { store, ids } = await storeWithState();
    const rowids = (limit: number, dirs?: string[]): number[] => store.hottest('fact', limit, dirs, { stateOnly: true }).map((m) => m.rowid);
    expect(rowids(10, ['/p'])).toEqual([ids[1], ids[3], ids[0]]);
    expect(rowids(2, ['/p'])).toEqual([ids[1], ids[3]]);
    expect(rowids(10)).toEqual([ids[4], ids[1], ids[3], ids[0]]);
    store.close();
  });

  it('are read through the partial state index, in its order, so the read stops at the limit', async () => {
    const { db, store } = await storeWithState();
    const plan = (db.prepare(
      "EXPLAIN QUERY PLAN SELECT * FROM memories WHERE subject_key IS NOT NULL AND type = ? AND status = 'active' AND dir IN (SELECT value FROM json_each(?)) ORDER BY heat DESC, last_accessed_at DESC, id DESC LIMIT ?",
    ).all('fact', '["/p"]', 10) as Array<{ detail: string }>).map((r) => r.detail);
    expect(plan.join(' | ')).toContain('INDEX memories_state');
    expect(plan.join(' | ')).not.toContain('TEMP B-TREE');
    store.close();
  });
});
