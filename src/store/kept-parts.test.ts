import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { MIGRATIONS } from './migrations.js';
import { migrate } from './migrate.js';
import { MemoryStore } from './memory-store.js';
import { LexicalEmbedder, lexicalVector } from './embed/lexical.js';
import { statementOf } from '../text/statement.js';
import { memoryStore, POLICY } from './test-helpers.js';
import type { Candidate } from './types.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 4, 4, 9);
const at = (day: number): number => T0 + day * DAY;
const said = (text: string, day: number, extra: Partial<Candidate> = {}): Candidate => ({ type: 'project', text, dir: '/p', agent: 'a', sessionId: `s${day}`, source: null, createdAt: at(day), ...extra });
const current = (s: MemoryStore): string[] => s.list({}).map((m) => m.text);

describe('a memory that stated several things, one of them replaced (a real store)', () => {
  it('keeps what it said of the others as a memory of its own, with its date, and finds it by its subject', async () => {
    const s = memoryStore();
    const [both] = await s.writeMany([said('包管理器用 pnpm，测试命令是 pnpm test:unit', 1)], POLICY, at(1));
    const [bun] = await s.writeMany([said('我们把包管理器从 pnpm 换成了 bun', 5)], POLICY, at(5));
    expect(bun?.supersedes).toEqual([both?.id]);
    expect(bun?.kept).toHaveLength(1);
    expect(current(s).sort()).toEqual(['我们把包管理器从 pnpm 换成了 bun', '测试命令是 pnpm test:unit'].sort());
    const rest = s.get(Number(bun?.kept?.[0]));
    expect(rest).toMatchObject({ status: 'active', type: 'project', subject: '测试命令', value: 'pnpm test:unit', createdAt: at(1) });
    // The old memory is history as before, whole.
    expect(s.get(Number(both?.id))).toMatchObject({ status: 'archived', supersededBy: bun?.id, text: '包管理器用 pnpm，测试命令是 pnpm test:unit' });
    const hits = await s.search('测试命令', { limit: 1 });
    expect(hits[0]?.memory.text).toBe('测试命令是 pnpm test:unit');
    // The kept part is a subject's current memory like any other: its own new value replaces it.
    const [vitest] = await s.writeMany([said('测试命令改成 vitest run', 9)], POLICY, at(9));
    expect(vitest?.supersedes).toEqual(bun?.kept);
    expect(current(s).sort()).toEqual(['我们把包管理器从 pnpm 换成了 bun', '测试命令改成 vitest run'].sort());
  });

  it('keeps the rest when the new value names the subject in other words', async () => {
    const s = memoryStore();
    const [old] = await s.writeMany([said('The preview server port is 3000; the test command is pnpm test', 1)], POLICY, at(1));
    const [now] = await s.writeMany([said('The preview port is now 3001', 4)], POLICY, at(4));
    expect(now?.supersedes).toEqual([old?.id]);
    expect(current(s).sort()).toEqual(['the test command is pnpm test', 'The preview port is now 3001'].sort());
  });

  it('in English too', async () => {
    const s = memoryStore();
    await s.writeMany([said('The package manager is pnpm and the test command is pnpm test:unit', 1)], POLICY, at(1));
    const [bun] = await s.writeMany([said('We switched the package manager from pnpm to bun', 5)], POLICY, at(5));
    expect(bun?.kept).toHaveLength(1);
    expect(current(s)).toContain('the test command is pnpm test:unit');
  });

  it("keeps nothing of a teammate's memory: only its author changes or forgets it", async () => {
    const s = memoryStore();
    const [bobs] = await s.writeMany([said('包管理器用 pnpm，测试命令是 pnpm test:unit', 1, { agent: 'team:bob', explicit: true })], POLICY, at(1));
    const [mine] = await s.writeMany([said('我们把包管理器从 pnpm 换成了 bun', 5)], POLICY, at(5));
    expect(mine?.supersedes).toEqual([bobs?.id]);
    expect(mine?.kept).toBeUndefined();
    expect(s.list({}).every((m) => m.agent !== 'team:bob')).toBe(true);
  });

  it('keeps nothing when the rest is history already, or the memory stated one thing', async () => {
    const s = memoryStore();
    await s.writeMany([said('包管理器用 pnpm，测试命令是 pnpm test:unit', 1)], POLICY, at(1));
    await s.writeMany([said('测试命令是 vitest run', 3)], POLICY, at(3));
    const [bun] = await s.writeMany([said('我们把包管理器从 pnpm 换成了 bun', 5)], POLICY, at(5));
    expect(bun?.kept).toBeUndefined();
    expect(current(s).join('\n')).not.toContain('pnpm test:unit');
    const [port] = await s.writeMany([said('The preview server port is 3000, see next.config.mjs.', 6)], POLICY, at(6));
    const [next] = await s.writeMany([said('The preview server port is now 3001.', 7)], POLICY, at(7));
    expect(next?.supersedes).toEqual([port?.id]);
    expect(next?.kept).toBeUndefined();
  });
});

describe('a newer value of what a memory said in passing (a real store)', () => {
  it('makes that part history: the memory is archived and the rest of it kept', async () => {
    const s = memoryStore();
    const [both] = await s.writeMany([said('The package manager is pnpm and the test command is pnpm test:unit', 1)], POLICY, at(1));
    const [vitest] = await s.writeMany([said('The test command is now vitest run', 3)], POLICY, at(3));
    expect(vitest?.supersedes).toEqual([both?.id]);
    expect(vitest?.kept).toHaveLength(1);
    expect(current(s).sort()).toEqual(['The package manager is pnpm', 'The test command is now vitest run'].sort());
    expect(s.get(Number(vitest?.kept?.[0]))).toMatchObject({ subject: 'package manager', value: 'pnpm', createdAt: at(1) });
    // The same value said again replaces nothing.
    const s2 = memoryStore();
    await s2.writeMany([said('包管理器用 pnpm，测试命令是 pnpm test:unit', 1)], POLICY, at(1));
    const [again] = await s2.writeMany([said('测试命令还是 pnpm test:unit，别的不变', 2)], POLICY, at(2));
    expect(again?.supersedes).toBeUndefined();
    expect(current(s2)).toContain('包管理器用 pnpm，测试命令是 pnpm test:unit');
  });

  it('a memory that says several things replaces the values of each', async () => {
    const s = memoryStore();
    const [tc] = await s.writeMany([said('测试命令是 pnpm test:unit', 1)], POLICY, at(1));
    const [both] = await s.writeMany([said('包管理器换成 bun，测试命令是 vitest run', 4)], POLICY, at(4));
    expect(both?.supersedes).toEqual([tc?.id]);
    expect(current(s)).toEqual(['包管理器换成 bun，测试命令是 vitest run']);
    // Both of an old memory's subjects restated at once: it goes whole, with nothing kept of it.
    const s2 = memoryStore();
    const [old] = await s2.writeMany([said('The package manager is pnpm and the test command is pnpm test:unit', 1)], POLICY, at(1));
    const [now] = await s2.writeMany([said('The package manager is bun and the test command is bun test', 4)], POLICY, at(4));
    expect(now?.supersedes).toEqual([old?.id]);
    expect(now?.kept).toBeUndefined();
    expect(current(s2)).toEqual(['The package manager is bun and the test command is bun test']);
  });

  it('leaves another directory alone, and an older value said later is history, not a change', async () => {
    const s = memoryStore();
    await s.writeMany([said('包管理器用 pnpm，测试命令是 pnpm test:unit', 5)], POLICY, at(5));
    const [elsewhere] = await s.writeMany([said('测试命令是 make test', 6, { dir: '/other' })], POLICY, at(6));
    expect(elsewhere?.supersedes).toBeUndefined();
    const [older] = await s.writeMany([said('测试命令是 npm test', 2)], POLICY, at(2));
    expect(older?.supersedes).toBeUndefined();
    expect(current(s)).toContain('包管理器用 pnpm，测试命令是 pnpm test:unit');
    // Kept, as what the test command was before.
    expect(current(s)).not.toContain('测试命令是 npm test');
    expect(s.get(Number(older?.id))).toMatchObject({ status: 'archived', validTo: at(5) });
  });
});

describe('memories written before parts were recorded (migration 020)', () => {
  it('get their parts, so a newer value of one of them finds them', async () => {
    const db = new Database(':memory:');
    sqliteVec.load(db);
    db.exec('CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
    const upTo = MIGRATIONS.findIndex((m) => m.name === '019_memory_parts');
    for (const m of MIGRATIONS.slice(0, upTo)) {
      m.up(db);
      db.prepare('INSERT INTO _migrations VALUES (?, 0)').run(m.name);
    }
    const text = '包管理器用 pnpm，测试命令是 pnpm test:unit';
    db.prepare(
      `INSERT INTO memories (id, type, text, dir, agent, created_at, last_accessed_at, content_hash, embedder_id, subject, subject_key, value) VALUES (1, 'project', ?, '/p', 'a', ?, ?, 'h', 'lexical-v1', '包管理器', ?, 'pnpm')`,
    ).run(text, at(1), at(1), statementOf(text)?.key);
    db.prepare('INSERT INTO memories_fts (rowid, text_terms, supplement_terms) VALUES (1, ?, ?)').run(text, '');
    db.prepare('INSERT INTO memory_vectors (memory_id, embedding, embedder_id, memory_type) VALUES (?, ?, ?, ?)').run(1n, Buffer.from(lexicalVector(text).buffer), 'lexical-v1', 'project');
    migrate(db);
    expect(db.prepare('SELECT memory_id, value FROM memory_parts').all()).toEqual([{ memory_id: 1, value: 'pnpm test:unit' }]);
    const s = new MemoryStore(db, new LexicalEmbedder(), 'project', ':memory:');
    const [now] = await s.writeMany([said('测试命令改成 vitest run', 4)], POLICY, at(4));
    expect(now?.supersedes).toEqual(['1']);
    expect(current(s).sort()).toEqual(['包管理器用 pnpm', '测试命令改成 vitest run'].sort());
  });
});
