import { describe, expect, it } from 'vitest';
import { memoryRowReader } from './memory-rows.js';
import { memoryStore, POLICY } from './test-helpers.js';
import { openDatabase } from './db.js';

describe('memoryRowReader', () => {
  it('gives the rows better-sqlite3 gives as objects, nulls and all', async () => {
    const s = memoryStore();
    await s.write({ type: 'project', text: 'The test command for this repo is pytest -q', dir: '/p', agent: 'a', explicit: true }, POLICY);
    await s.write({ type: 'fact', text: 'The staging port is 8443 now', dir: '/p', agent: 'b', explicit: true, sessionId: 's1' }, POLICY);
    const read = memoryRowReader(s.db);
    const sql = 'SELECT * FROM memories ORDER BY id';
    const rows = read(sql);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(s.db.prepare(sql).all());
    expect(rows[1]?.session_id).toBe('s1');
    expect(rows[0]?.session_id).toBeNull();
    // Parameters, and the same statement again.
    expect(read('SELECT * FROM memories WHERE type = ? ORDER BY id', 'fact').map((r) => r.text)).toEqual(['The staging port is 8443 now']);
    expect(read('SELECT * FROM memories WHERE type = ? ORDER BY id', 'project').map((r) => r.agent)).toEqual(['a']);
  });

  it('reads a column list in any order, and leaves a column the table lacks undefined', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE old (heat INTEGER, text TEXT, id INTEGER)');
    db.prepare('INSERT INTO old VALUES (3, ?, 7)').run('an old row');
    const [r] = memoryRowReader(db)('SELECT * FROM old');
    expect(r?.id).toBe(7);
    expect(r?.text).toBe('an old row');
    expect(r?.heat).toBe(3);
    expect(r?.subject_key).toBeUndefined();
  });
});
