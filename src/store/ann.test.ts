import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './db.js';
import { MemoryStore } from './memory-store.js';
import { LexicalEmbedder } from './embed/lexical.js';
import { statementCache } from './statements.js';
import { VectorIndex } from './vectors.js';
import { AnnReader, annFiles, buildAnnIndex } from './ann.js';
import { POLICY } from './test-helpers.js';
import type { Candidate } from './types.js';

const embedder = new LexicalEmbedder();
const words = ['deploy', 'region', 'bucket', 'migration', 'schema', 'logger', 'format', 'retry', 'timeout', 'cache', 'queue', 'token', 'vitest', 'pnpm', 'docker', 'nginx', 'kafka', 'redis', '日志', '格式', '部署', '数据库', '测试', '缓存'];

/** A varied text per i: different word mixes, so neighbours are not ties. */
function text(i: number): string {
  const pick = (k: number) => words[(i * (k + 3) + k * 7) % words.length];
  return `note ${i}: ${pick(0)} ${pick(1)} ${pick(2)} uses ${pick(3)} with ${pick(4)} id-${i}`;
}

const cand = (i: number, type: Candidate['type'] = i % 5 === 0 ? 'fact' : 'project'): Candidate => ({ type, text: text(i), dir: '/p', agent: 'claude', explicit: true, force: true });

describe('approximate vector index (usearch) beside a real store file', () => {
  let dir: string;
  let path: string;
  let store: MemoryStore;
  let exact: VectorIndex;
  let approx: VectorIndex;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cm-ann-'));
    path = join(dir, 'mem.db');
    store = new MemoryStore(openDatabase(path), embedder, 'project', path, undefined, new AnnReader(path));
    await store.writeMany(Array.from({ length: 600 }, (_, i) => cand(i)), POLICY, Date.now(), { dedup: false });
    const stmt = statementCache(store.db);
    exact = new VectorIndex(stmt, () => embedder.id);
    approx = new VectorIndex(stmt, () => embedder.id, new AnnReader(path));
  });

  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const queries = async (n: number): Promise<Float32Array[]> => embedder.embed(Array.from({ length: n }, (_, i) => `${words[i % words.length]} ${words[(i * 5 + 1) % words.length]} format`));

  it('is not used before it is built, and the status says so', () => {
    expect(store.annStatus(500).state).toBe('missing');
    expect(store.annStatus(1000).state).toBe('exact');
    expect(existsSync(annFiles(path).index)).toBe(false);
  });

  it('answers like exact KNN once built: recall@10 ≥ 0.98, the same scores', async () => {
    const built = store.buildAnn();
    expect(built?.count).toBe(600);
    expect(store.annStatus(500).state).toBe('fresh');
    let hit = 0;
    let all = 0;
    for (const q of await queries(30)) {
      const want = exact.exact(q, 10);
      const got = approx.nearest(q, 10);
      // Tie-aware: a neighbour as near as exact's tenth counts (texts share words, so ties are common).
      const tenth = want[want.length - 1]?.similarity ?? 0;
      hit += got.filter((n) => n.similarity >= tenth - 1e-6).length;
      all += want.length;
      // Scores come from the exact vectors, not the int8 index.
      for (const n of got) {
        const same = want.find((w) => w.memoryId === n.memoryId);
        if (same) expect(n.similarity).toBeCloseTo(same.similarity, 4);
      }
    }
    expect(hit / all).toBeGreaterThanOrEqual(0.98);
  });

  it('finds memories written after the build, and never one deleted since', async () => {
    store.buildAnn();
    const [r] = await store.writeMany([{ ...cand(0), text: 'kubernetes helm chart lives in infra/charts' }], POLICY);
    const [q] = await embedder.embed(['kubernetes helm chart']);
    const newest = approx.nearest(q as Float32Array, 5)[0];
    expect(newest?.memoryId).toBe(Number(r?.id));
    const top = approx.nearest(q as Float32Array, 5);
    for (const n of top.slice(1)) expect(store.forget(n.memoryId)).toBe(true);
    const after = approx.nearest(q as Float32Array, 5).map((n) => n.memoryId);
    for (const n of top.slice(1)) expect(after).not.toContain(n.memoryId);
    expect(after).toHaveLength(5);
  });

  it('keeps a type filter exact: only facts come back, as many as asked', async () => {
    store.buildAnn();
    const [q] = await queries(1);
    // Every type through the graph, however few its memories.
    const graph = new VectorIndex(statementCache(store.db), () => embedder.id, new AnnReader(path), 0);
    const facts = graph.nearest(q as Float32Array, 10, 'fact');
    expect(facts).toHaveLength(10);
    const type = store.db.prepare('SELECT type FROM memories WHERE id = ?').pluck();
    for (const n of facts) expect(type.get(n.memoryId)).toBe('fact');
    expect(facts.map((n) => n.memoryId).sort()).toEqual(exact.exact(q as Float32Array, 10, 'fact').map((n) => n.memoryId).sort());
  });

  it('searches a type with few memories exactly, without mapping the index', async () => {
    store.buildAnn();
    const [q] = await queries(1);
    class CountingReader extends AnnReader {
      looks = 0;
      override current(): ReturnType<AnnReader['current']> {
        this.looks++;
        return super.current();
      }
    }
    const reader = new CountingReader(path);
    const few = new VectorIndex(statementCache(store.db), () => embedder.id, reader);
    // 120 facts of 600: under the bound, so the facts' partition alone is read.
    expect(few.nearest(q as Float32Array, 10, 'fact')).toEqual(exact.exact(q as Float32Array, 10, 'fact'));
    expect(reader.looks).toBe(0);
    // Past it (here a bound of 100), and untyped, the graph is asked.
    const many = new VectorIndex(statementCache(store.db), () => embedder.id, reader, 100);
    expect(many.nearest(q as Float32Array, 10, 'fact')).toHaveLength(10);
    expect(reader.looks).toBe(1);
    few.nearest(q as Float32Array, 10);
    expect(reader.looks).toBe(2);
  });

  it('falls back to exact search when the index file is damaged or of another embedder', async () => {
    store.buildAnn();
    const [q] = await queries(1);
    const want = exact.exact(q as Float32Array, 10).map((n) => n.memoryId);
    writeFileSync(annFiles(path).index, 'not an index');
    // A new meta mtime makes the reader map the file again.
    writeFileSync(annFiles(path).meta, JSON.stringify({ version: 1, embedderId: embedder.id, dims: 384, count: 600, maxId: 600, builtAt: 1, buildMs: 1 }));
    const reader = new AnnReader(path);
    expect(reader.current()).toBeUndefined();
    expect(new VectorIndex(statementCache(store.db), () => embedder.id, reader).nearest(q as Float32Array, 10).map((n) => n.memoryId)).toEqual(want);
    const other = new VectorIndex(statementCache(store.db), () => 'another-model', new AnnReader(path));
    expect(other.nearest(q as Float32Array, 10)).toEqual([]);
  });

  it('goes stale as the store grows past the index, and a rebuild makes it fresh', async () => {
    store.buildAnn();
    await store.writeMany(Array.from({ length: 501 }, (_, i) => cand(1000 + i)), POLICY, Date.now(), { dedup: false });
    expect(store.annStatus(500).state).toBe('stale');
    store.buildAnn();
    expect(store.annStatus(500)).toMatchObject({ state: 'fresh', vectors: 1101 });
  });

  it('lets one build at a time run; a lock left by a killed build is taken over after ten minutes', () => {
    writeFileSync(annFiles(path).lock, '');
    expect(buildAnnIndex(statementCache(store.db), path, embedder.id)).toBeUndefined();
    expect(buildAnnIndex(statementCache(store.db), path, embedder.id, Date.now() + 11 * 60 * 1000)?.count).toBe(600);
    expect(existsSync(annFiles(path).lock)).toBe(false);
  });
});
