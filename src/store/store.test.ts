import { describe, expect, it } from 'vitest';
import { memoryStore, POLICY } from './test-helpers.js';
import { StoreError } from '../errors.js';
import { MIGRATIONS } from './migrations.js';
import { migrate, pendingMigrations } from './migrate.js';
import { openDatabase } from './db.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { MemoryStore } from './memory-store.js';
import { VectorIndex } from './vectors.js';
import { prepareCandidate } from './write-decision.js';
import { LexicalEmbedder, lexicalVector } from './embed/lexical.js';
import { ftsMatchQuery, indexTerms, queryWords } from '../text/index.js';
import { redact } from '../text/index.js';
import { isLowValue, isTrivia } from '../text/index.js';
import { fuse, applyDirPenalty } from './rank.js';
import type { Embedder } from './embed/embedder.js';
import { VECTOR_DIMS, normalize } from './embed/embedder.js';

const base = { dir: '/p', agent: 'claude', sessionId: 's1', source: 'sessions/s1.cast#t=1.0' };

/**
 * A controllable embedder: a text's last letter picks its vector, (1, x)
 * normalised, so the tests choose the cosine between any two texts.
 */
function lastLetterEmbedder(table: Record<string, number>, update: number): Embedder {
  const vec = (x: number): Float32Array => {
    const v = new Float32Array(VECTOR_DIMS);
    v[0] = 1;
    v[1] = x;
    return normalize(v);
  };
  return {
    id: 'test',
    dims: VECTOR_DIMS,
    thresholds: { update, merge: 0.8, retrieval: 0.5 },
    embed: (texts) => Promise.resolve(texts.map((t) => vec(table[t.slice(-1)] ?? 0))),
  };
}

describe('schema', () => {
  it('records every migration and builds the tables', () => {
    const s = memoryStore();
    const names = (s.db.prepare('SELECT name FROM _migrations ORDER BY name').all() as { name: string }[]).map((r) => r.name);
    expect(names).toEqual(MIGRATIONS.map((m) => m.name));
    const cols = (s.db.prepare('PRAGMA table_info(memories)').all() as { name: string }[]).map((c) => c.name);
    for (const c of ['id', 'type', 'text', 'supplement', 'dir', 'agent', 'session_id', 'source', 'created_at', 'last_accessed_at', 'heat', 'status', 'content_hash', 'embedder_id']) {
      expect(cols).toContain(c);
    }
    const sessionCols = (s.db.prepare('PRAGMA table_info(sessions)').all() as { name: string }[]).map((c) => c.name);
    expect(sessionCols).toEqual(expect.arrayContaining(['id', 'agent', 'command', 'dir', 'started_at', 'ended_at', 'log_path', 'processed_offset']));
    const virtual = (s.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL%'").all() as { name: string; sql: string }[]);
    expect(virtual.map((v) => v.name).sort()).toEqual(['episodes_fts', 'memories_fts', 'memory_vectors']);
    expect(virtual.find((v) => v.name === 'memory_vectors')?.sql).toContain('embedder_id');
  });

  it('upgrades an older store, keeping its vectors (006 rebuilds vec0 with memory_type)', async () => {
    const db = new Database(':memory:');
    sqliteVec.load(db);
    db.exec('CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
    for (const m of MIGRATIONS.slice(0, 5)) {
      m.up(db);
      db.prepare('INSERT INTO _migrations VALUES (?, 0)').run(m.name);
    }
    const v = lexicalVector('the orders table has an index');
    db.prepare(`INSERT INTO memories (id, type, text, dir, agent, created_at, last_accessed_at, content_hash, embedder_id) VALUES (1, 'fact', 'the orders table has an index', '/p', 'a', 0, 0, 'h', 'lexical-v1')`).run();
    db.prepare('INSERT INTO memory_vectors (memory_id, embedding, embedder_id) VALUES (?, ?, ?)').run(1n, Buffer.from(v.buffer), 'lexical-v1');
    migrate(db);
    expect(db.prepare('SELECT memory_id, memory_type FROM memory_vectors').all()).toEqual([{ memory_id: 1, memory_type: 'fact' }]);
    const s = new MemoryStore(db, new LexicalEmbedder(), 'project', ':memory:');
    expect((await s.search('orders index', { limit: 1, type: 'fact' }))[0]?.memory.rowid).toBe(1);
  });

  it('011 moves every vector into a partition of its type, and a typed KNN reads only that type', async () => {
    const db = new Database(':memory:');
    sqliteVec.load(db);
    db.exec('CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
    const upTo = MIGRATIONS.findIndex((m) => m.name === '011_vectors_type_partition');
    for (const m of MIGRATIONS.slice(0, upTo)) {
      m.up(db);
      db.prepare('INSERT INTO _migrations VALUES (?, 0)').run(m.name);
    }
    const texts: Array<[number, 'fact' | 'project', string]> = [
      [1, 'fact', 'the orders table has a create_time index'],
      [2, 'project', 'the orders table is tested with pytest -q'],
      [3, 'fact', '日志统一使用 JSON 格式'],
    ];
    for (const [id, type, text] of texts) {
      db.prepare(`INSERT INTO memories (id, type, text, dir, agent, created_at, last_accessed_at, content_hash, embedder_id) VALUES (?, ?, ?, '/p', 'a', 0, 0, ?, 'lexical-v1')`).run(id, type, text, `h${id}`);
      const v = lexicalVector(text);
      db.prepare('INSERT INTO memory_vectors (memory_id, embedding, embedder_id, memory_type) VALUES (?, ?, ?, ?)').run(BigInt(id), Buffer.from(v.buffer), 'lexical-v1', type);
    }
    migrate(db);
    const sql = (db.prepare("SELECT sql FROM sqlite_master WHERE name = 'memory_vectors'").pluck().get() as string).replace(/\s+/g, ' ');
    expect(sql).toContain('memory_type text partition key, chunk_size=256');
    expect(db.prepare('SELECT memory_id, memory_type FROM memory_vectors ORDER BY memory_id').all()).toEqual(texts.map(([id, type]) => ({ memory_id: id, memory_type: type })));
    const s = new MemoryStore(db, new LexicalEmbedder(), 'project', ':memory:');
    const vectors = new VectorIndex((sql) => db.prepare(sql), () => 'lexical-v1');
    const q = lexicalVector('orders table');
    expect(vectors.exact(q, 10, 'fact').map((n) => n.memoryId).sort()).toEqual([1, 3]);
    expect(vectors.exact(q, 10, 'project').map((n) => n.memoryId)).toEqual([2]);
    expect(vectors.exact(q, 10).map((n) => n.memoryId)).toHaveLength(3);
    // A retyped memory moves to its new type's partition.
    expect(s.retype(2, 'fact')).toBe(true);
    expect(vectors.exact(q, 10, 'fact').map((n) => n.memoryId).sort()).toEqual([1, 2, 3]);
    expect(vectors.exact(q, 10, 'project')).toEqual([]);
    // vec0 finds a partition's chunks (a KNN's, an insert's last chunk) with these
    // statements (its own SQL): after 021 through an index, not a scan of every chunk's blobs.
    for (const lookup of ['SELECT chunk_id, validity, rowids FROM memory_vectors_chunks WHERE partition00 = ?', 'SELECT max(rowid) FROM memory_vectors_chunks WHERE partition00 = ?']) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${lookup}`).all('fact') as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
      expect(plan).toContain('INDEX memory_vectors_chunks_partition');
    }
  });

  it('a launch leaves a layout-only migration to the next process, and reads the store as it is meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-defer-'));
    const path = join(dir, 'mem.db');
    const upTo = MIGRATIONS.findIndex((m) => m.name === '011_vectors_type_partition');
    {
      const db = new Database(path);
      sqliteVec.load(db);
      db.exec('CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
      for (const m of MIGRATIONS.slice(0, upTo)) {
        m.up(db);
        db.prepare('INSERT INTO _migrations VALUES (?, 0)').run(m.name);
      }
      db.close();
    }
    // Only the steps that change no layout apply on the way to the prompt.
    expect(pendingMigrations(new Set(MIGRATIONS.slice(0, upTo).map((m) => m.name)), { deferLayout: true }).map((m) => m.name)).toEqual(
      MIGRATIONS.slice(upTo).filter((m) => !m.layoutOnly).map((m) => m.name),
    );
    expect(pendingMigrations(new Set(), { deferLayout: true })).toHaveLength(MIGRATIONS.length);
    const layout = (db: Database.Database): string => db.prepare("SELECT sql FROM sqlite_master WHERE name = 'memory_vectors'").pluck().get() as string;

    const launch = openDatabase(path, { deferLayout: true });
    expect(layout(launch)).not.toContain('partition key');
    const s = new MemoryStore(launch, new LexicalEmbedder(), 'project', path);
    await s.writeMany([{ ...base, type: 'fact', text: 'The orders table got a create_time index in migration 0042', explicit: true }], POLICY);
    expect((await s.search('orders create_time index', { limit: 1, type: 'fact' }))[0]?.memory.text).toContain('0042');
    launch.close();

    const next = openDatabase(path);
    expect(layout(next)).toContain('partition key');
    const again = new MemoryStore(next, new LexicalEmbedder(), 'project', path);
    expect((await again.search('orders create_time index', { limit: 1, type: 'fact' }))[0]?.memory.text).toContain('0042');
    next.close();
  });

  it('migrating again is a no-op', () => {
    const s = memoryStore();
    expect(() => s.db.exec('SELECT 1')).not.toThrow();
  });
});

describe('terms and FTS queries', () => {
  it('indexes CJK as bigrams and Latin as words', () => {
    expect(indexTerms('日志统一 JSON')).toBe('json 日志 志统 统一');
  });
  it('quotes every term and caps at 12', () => {
    expect(ftsMatchQuery('name AND "x" OR NEAR(a b)*')).toBe('"name" OR "x" OR "near" OR "b"');
    expect(ftsMatchQuery(Array.from({ length: 30 }, (_, i) => `word${i}`).join(' '))?.split(' OR ')).toHaveLength(12);
    expect(ftsMatchQuery('日志格式')).toBe('"日志" OR "志格" OR "格式" OR "log" OR "logs" OR "format"');
    expect(ftsMatchQuery('"""')).toBeUndefined();
  });
  it('drops stopwords from queries', () => {
    expect(queryWords('What is the test command?')).toEqual(['test', 'command']);
  });
});

describe('filters and redaction', () => {
  it('knows trivia in both languages', () => {
    for (const t of ['好的', '收到！', 'ok', 'Thanks!', 'ok thanks', '好的，谢谢']) expect(isTrivia(t), t).toBe(true);
    expect(isTrivia('ok, the build uses esbuild now')).toBe(false);
  });
  it('knows low-value lines', () => {
    for (const t of ['exit code 1 after the run of everything', 'Usage: foo [options] <file> and more', '12/40 [=====>   ] 30%']) expect(isLowValue(t), t).toBe(true);
    expect(isLowValue('the orders table now has a create_time index')).toBe(false);
  });
  it('redacts provider keys, JWTs, private keys, URL and assignment passwords, private spans', () => {
    const secrets = [
      'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789',
      'sk-ant-api03-abcdefghijklmnopqrstuvwxyz',
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789AB',
      'AKIAABCDEFGHIJKLMNOP',
      'xoxb-1234567890-abcdefghij',
      'AIzaSyA1234567890abcdefghijklmnopqrstuv',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'hunter2pass',
      'mysecretpw',
      'inner secret',
    ];
    const text = `keys ${secrets[0]} ${secrets[1]} ${secrets[2]} ${secrets[3]} ${secrets[4]} ${secrets[5]} jwt ${secrets[6]} db postgres://admin:${secrets[7]}@db:5432/x password=${secrets[8]} <private>${secrets[9]}</private>
-----BEGIN RSA PRIVATE KEY-----
MIIEowIBAAKCAQEA
-----END RSA PRIVATE KEY-----`;
    const out = redact(text);
    for (const s of secrets) expect(out, s).not.toContain(s);
    expect(out).not.toContain('MIIEowIBAAKCAQEA');
    expect(out).toContain('postgres://admin:[redacted:password]@db');
    expect(out).toContain('password=[redacted:secret]');
  });
});

describe('write path', () => {
  it('filters in order: trivia, short, low value', async () => {
    const s = memoryStore();
    expect((await s.write({ ...base, type: 'fact', text: '好的' }, POLICY)).reason).toBe('trivia');
    expect((await s.write({ ...base, type: 'fact', text: 'use pnpm' }, POLICY)).reason).toBe('short');
    expect((await s.write({ ...base, type: 'fact', text: 'exit code 137 was returned by the process' }, POLICY)).reason).toBe('low-value');
    expect(s.list({})).toHaveLength(0);
  });

  it('lets an explicit marker through the length filter, still redacted', async () => {
    const s = memoryStore();
    const r = await s.write({ ...base, type: 'project', text: '用 pnpm token=abc123secret', explicit: true }, POLICY);
    expect(r.action).toBe('inserted');
    expect(s.list({})[0]?.text).toBe('用 pnpm token=[redacted:secret]');
  });

  it('never stores an exact hash twice', async () => {
    const s = memoryStore();
    const text = 'The test command for this repo is pytest -q, from the root';
    expect((await s.write({ ...base, type: 'project', text }, POLICY)).action).toBe('inserted');
    expect((await s.write({ ...base, type: 'project', text: `  ${text.toUpperCase()} ` }, POLICY)).action).toBe('duplicate');
    expect(s.list({})).toHaveLength(1);
  });

  it('updates at or above the update threshold, merges in the band, inserts below', async () => {
    const s = memoryStore(lastLetterEmbedder({ A: 0, B: 0.2, C: 0.6, D: 3 }, 0.92));
    const policy = { triviaFilter: true, update: 0.92, merge: 0.8 };
    const first = await s.write({ ...base, type: 'fact', text: 'the orders table gained an index on create_time A' }, policy);
    expect(first.action).toBe('inserted');
    // cos(0, 0.2) ≈ 0.98 → update
    const up = await s.write({ ...base, type: 'fact', text: 'the orders table now has a create_time index B' }, policy);
    expect(up).toMatchObject({ action: 'updated', id: first.id });
    expect(s.list({})[0]?.text).toContain('now has');
    // cos(0.2, 0.6) ≈ 0.93, cos(0, 0.6)... use C vs current B: update again? pick D for insert
    const ins = await s.write({ ...base, type: 'fact', text: 'deploys happen on fridays after the standup D' }, policy);
    expect(ins.action).toBe('inserted');
    const merged = await s.write({ ...base, type: 'fact', text: 'completely reworded statement about orders C' }, { ...policy, update: 0.99 });
    expect(merged.action).toBe('merged');
    expect(s.list({}).find((m) => m.id === first.id)?.supplement).toContain('reworded');
  });

  it('in one batch, a memory changed by a merge is seen changed by the candidates after it', async () => {
    const s = memoryStore(lastLetterEmbedder({ A: 0, C: 0.6 }, 0.99));
    const policy = { triviaFilter: true, update: 0.99, merge: 0.8 };
    const c = (text: string) => ({ ...base, type: 'fact' as const, text });
    // The second merges into the first; the third restates the second, which
    // the first's supplement now holds: a duplicate, not a second merge.
    const [first, merged, again] = await s.writeMany([c('the orders table gained an index on create_time A'), c('completely reworded statement about orders C'), c('completely reworded statement about orders C')], policy);
    expect(first?.action).toBe('inserted');
    expect(merged).toMatchObject({ action: 'merged', id: first?.id });
    expect(again).toMatchObject({ action: 'duplicate', id: first?.id });
    expect(s.list({}).find((m) => m.id === first?.id)?.supplement).toBe('completely reworded statement about orders C');
  });

  it('a batch written in parts gives what one writeMany of them all gives, and an aborted one keeps nothing', async () => {
    const texts = [
      'the orders table gained an index on create_time',
      'the orders table gained an index on create_time last week',
      'payment webhooks retry five times with exponential backoff',
      'payment webhooks retry five times, with exponential backoff',
      '日志统一使用 JSON 格式，字段名用 snake_case',
      '日志统一使用 JSON 格式，字段名一律用 snake_case',
      'the staging database is refreshed every night at two',
      'the orders table gained an index on create_time',
    ];
    const cs = texts.map((text, i) => ({ ...base, type: (i % 3 === 0 ? 'project' : 'fact') as 'project' | 'fact', text }));
    const whole = memoryStore();
    const want = await whole.writeMany(cs, POLICY, 1000);
    for (const cut of [1, 3, 5]) {
      const parted = memoryStore();
      const batch = parted.openBatch(POLICY, 1000);
      const got = [...(await batch.add(cs.slice(0, cut))), ...(await batch.add(cs.slice(cut)))];
      batch.commit();
      expect(got).toEqual(want);
      expect(parted.list({}).map((m) => [m.text, m.supplement])).toEqual(whole.list({}).map((m) => [m.text, m.supplement]));
    }
    // Screened and embedded ahead (as the distiller's worker does): the same; a vector of another embedder is not taken.
    const ahead = memoryStore();
    const lexical = { id: 'lexical-v1', vector: lexicalVector };
    const prepared = cs.map((c, i) => prepareCandidate(c, POLICY, i === 2 ? { id: 'other-model', vector: () => new Float32Array(VECTOR_DIMS) } : lexical));
    const aheadBatch = ahead.openBatch(POLICY, 1000);
    expect(await aheadBatch.add(cs, prepared)).toEqual(want);
    aheadBatch.commit();
    const aborted = memoryStore();
    const batch = aborted.openBatch(POLICY, 1000);
    await batch.add(cs.slice(0, 4));
    batch.abort();
    expect(aborted.list({})).toEqual([]);
    // The connection is usable again.
    expect((await aborted.write({ ...base, type: 'fact', text: texts[2] ?? '' }, POLICY)).action).toBe('inserted');
  });

  it('finds Chinese by words: 日志格式 matches 日志统一使用 JSON 格式', async () => {
    const s = memoryStore();
    await s.write({ ...base, type: 'project', text: '日志统一使用 JSON 格式，字段名用 snake_case' }, POLICY);
    await s.write({ ...base, type: 'project', text: 'The deploy script lives in scripts/deploy.sh and needs AWS_PROFILE' }, POLICY);
    const hits = await s.search('日志格式', { limit: 5 });
    expect(hits[0]?.memory.text).toContain('日志统一使用');
    expect(hits[0]?.lexical).toBeGreaterThan(0);
  });

  it('finds rarer Chinese words the word splitter leaves as single characters, and across languages', async () => {
    const s = memoryStore();
    await s.write({ ...base, type: 'project', text: '头像上传走 POST /api/v2/users/avatar，文件大小上限 5MB' }, POLICY);
    await s.write({ ...base, type: 'project', text: 'The frontend keeps its state in Zustand stores under web/src/stores' }, POLICY);
    await s.write({ ...base, type: 'fact', text: 'nightly backups run at 02:00 from ops/backup.sh' }, POLICY);
    expect((await s.search('头像上传接口', { limit: 1 }))[0]?.memory.text).toContain('头像上传');
    expect((await s.search('前端状态管理', { limit: 1 }))[0]?.memory.text).toContain('Zustand');
    expect((await s.search('upload endpoint', { limit: 1 }))[0]?.memory.text).toContain('头像上传');
  });

  it('survives FTS operators, quotes and a single CJK character', async () => {
    const s = memoryStore();
    await s.write({ ...base, type: 'fact', text: 'the orders 表 must never be altered without a migration' }, POLICY);
    for (const q of ['"unbalanced', 'AND OR NOT', 'NEAR(orders', 'col:orders', '*', '表', "'; DROP TABLE memories; --"]) {
      await expect(s.search(q, { limit: 5 }), q).resolves.toBeInstanceOf(Array);
    }
    expect((await s.search('表', { limit: 5 }))[0]?.memory.text).toContain('orders');
  });

  it('forget deletes the row, its FTS row and its vector', async () => {
    const s = memoryStore();
    const r = await s.write({ ...base, type: 'fact', text: 'the staging database is refreshed every night at 2am' }, POLICY);
    const id = s.parseId(r.id ?? '') ?? 0;
    expect(s.forget(id)).toBe(true);
    expect(s.db.prepare('SELECT COUNT(*) AS n FROM memories_fts').get()).toEqual({ n: 0 });
    expect(s.db.prepare('SELECT COUNT(*) AS n FROM memory_vectors').get()).toEqual({ n: 0 });
    expect(s.forget(id)).toBe(false);
    // Its id is never given again: a note or a link to it must not come to mean another memory.
    const next = await s.write({ ...base, type: 'fact', text: 'the cache warmer runs every fifteen minutes on the worker' }, POLICY);
    expect(s.parseId(next.id ?? '')).toBeGreaterThan(id);
  });

  it('keeps heat, archives cold facts lazily, and hides archived by default', async () => {
    const s = memoryStore();
    const now = Date.now();
    const old = now - 40 * 86_400_000;
    await s.write({ ...base, type: 'fact', text: 'we hit a flaky timeout in the e2e job yesterday and reran it', createdAt: old }, POLICY, old);
    await s.write({ ...base, type: 'fact', text: 'hot old fact: the payments service must stay on v2', createdAt: old }, POLICY, old);
    await s.write({ ...base, type: 'project', text: 'project memories never decay: build with make all', createdAt: old }, POLICY, old);
    // State in words no pattern reads is still state: it does not decay for want of a subject.
    await s.write({ ...base, type: 'fact', text: 'the cache layer was replaced by redis in march', createdAt: old }, POLICY, old);
    const hot = s.list({}).find((m) => m.text.startsWith('hot'));
    for (let i = 0; i < 3; i++) s.db.prepare('UPDATE memories SET heat = heat + 1 WHERE id = ?').run(hot?.rowid);
    expect(s.archiveCold(30, now)).toBe(1);
    expect(s.list({}).map((m) => m.text)).not.toContain('we hit a flaky timeout in the e2e job yesterday and reran it');
    expect(s.list({}).map((m) => m.text)).toContain('the cache layer was replaced by redis in march');
    expect(s.list({ includeArchived: true })).toHaveLength(4);
    s.touch([hot?.rowid ?? 0], now);
    expect(s.get(hot?.rowid ?? 0)?.heat).toBe(4);
  });
});

describe('a full disk', () => {
  it('stops a write with one clear message and keeps what was stored', async () => {
    const s = memoryStore();
    await s.write({ ...base, type: 'fact', text: 'the first memory fits before the disk fills up' }, POLICY);
    // SQLite's own limit stands in for a full disk: it raises SQLITE_FULL the same way.
    const pages = (s.db.pragma('page_count', { simple: true }) as number) + 1;
    s.db.pragma(`max_page_count = ${pages}`);
    let error: unknown;
    try {
      for (let i = 0; i < 200; i++) await s.write({ ...base, type: 'fact', text: `memory ${i} ${'padding words that take room '.repeat(40)}` }, POLICY);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StoreError);
    expect((error as Error).message).toMatch(/disk holding .* is full\. Free some space/);
    expect(s.list({}).some((m) => m.text === 'the first memory fits before the disk fills up')).toBe(true);
  });
});

describe('ranking', () => {
  it('fuses cosine and normalised bm25, and penalises other directories', () => {
    expect(fuse(1, 10, 10).score).toBeCloseTo(1);
    expect(fuse(0.5, undefined, 10).score).toBeCloseTo(0.3);
    expect(fuse(-0.2, 5, 10).score).toBeCloseTo(0.2);
    expect(applyDirPenalty(1, '/a', '/a/b', 0.85)).toBe(1);
    expect(applyDirPenalty(1, '/other', '/a/b', 0.85)).toBe(0.85);
  });
});

describe('review at birth', () => {
  it('what the user wrote on purpose is reviewed when written; distilled memories wait; a teammate\'s are not the user\'s review work', async () => {
    const s = memoryStore();
    const base = { type: 'project' as const, dir: '/p', sessionId: null, source: null };
    await s.writeMany(
      [
        { ...base, text: 'Feature flags live in config/flags.yaml, never in code', agent: 'user', explicit: true, reviewed: true },
        { ...base, text: 'The nightly export job writes to the reports bucket in eu-west-1', agent: 'claude' },
        { ...base, text: 'Payments are owned by the platform team until the audit ends', agent: 'team:alice', explicit: true },
      ],
      POLICY,
    );
    expect(s.pendingReview().map((m) => m.text)).toEqual(['The nightly export job writes to the reports bucket in eu-west-1']);
    expect(s.pendingReviewCount()).toBe(1);
    expect(s.list({}).find((m) => m.agent === 'user')?.reviewedAt).not.toBeNull();
  });
});

describe("a teammate's memory, corrected", () => {
  it("becomes the user's own memory that supersedes it: history keeps both, each with its author", async () => {
    const s = memoryStore();
    const [w] = await s.writeMany([{ type: 'project', text: 'The release train leaves at 15:00 on Tuesdays', dir: '/p', agent: 'team:bob', sessionId: null, source: 'team:u1', explicit: true, force: true }], POLICY);
    const bobs = s.parseId(w?.id ?? '') ?? 0;
    const r = await s.edit(bobs, 'The release train leaves at 16:00 on Tuesdays', POLICY);
    expect(r).toMatchObject({ action: 'inserted' });
    const mine = s.get(s.parseId(r.id ?? '') ?? 0);
    expect(mine).toMatchObject({ agent: 'user', text: 'The release train leaves at 16:00 on Tuesdays' });
    expect(mine?.reviewedAt).not.toBeNull();
    expect(s.get(bobs)).toMatchObject({ agent: 'team:bob', status: 'archived', text: 'The release train leaves at 15:00 on Tuesdays' });
    expect(s.list({}).map((m) => m.text)).toEqual(['The release train leaves at 16:00 on Tuesdays']);
  });
});
