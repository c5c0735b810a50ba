import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BatchVectors, EXACT_UP_TO, GRAPH_CHUNK } from './batch-vectors.js';
import { memoryStore, POLICY } from './test-helpers.js';
import { lexicalVector } from './embed/lexical.js';
import { cosine } from '../text/cosine.js';
import type { VectorIndex } from './vectors.js';

/** A store's vector table (private on the store). */
const vectorsOf = (s: ReturnType<typeof memoryStore>): VectorIndex => (s as unknown as { vectors: VectorIndex }).vectors;

/** Distinct texts that share no words with each other (word i is unique to text i). */
const textOf = (i: number): string => `alpha${i} bravo${i} charlie${i} delta${i} echo${i} foxtrot${i}`;

describe('BatchVectors', () => {
  it('gives the k best of a small batch by cosine, ties in the order written, whatever the vectors', () => {
    const base = { nearest: () => [] } as unknown as VectorIndex;
    const cell = fc.constantFrom(0, 0, 1, -1, 0.5, 2, -0.25);
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 40 }), fc.array(cell, { minLength: 6, maxLength: 6 }), fc.integer({ min: 1, max: 10 }), (rows, probe, k) => {
        const batch = new BatchVectors(base, 1);
        const vs = rows.map((r) => Float32Array.from(r));
        vs.forEach((v, i) => batch.insert(i + 1, v, 'fact'));
        const q = Float32Array.from(probe);
        const all = vs.map((v, i) => ({ memoryId: i + 1, similarity: cosine(q, v) })).sort((a, b) => b.similarity - a.similarity);
        const want = all.slice(0, k);
        const got = batch.nearest(q, k);
        expect(got.map((n) => n.similarity)).toEqual(want.map((n) => expect.closeTo(n.similarity, 6) as unknown as number));
        // Where no two of the best k + 1 are within rounding of each other, the same memories in the same order.
        const head = all.slice(0, k + 1);
        const clear = head.every((n, i) => i === 0 || (head[i - 1]?.similarity ?? 0) - n.similarity > 1e-6);
        if (clear) expect(got.map((n) => n.memoryId)).toEqual(want.map((n) => n.memoryId));
      }),
      { numRuns: 1000 },
    );
  });

  it('finds the batch neighbours exactly, small or past the graph threshold', async () => {
    const batch = new BatchVectors(vectorsOf(memoryStore()), 1);
    const n = EXACT_UP_TO + 300;
    for (let i = 0; i < n; i++) batch.insert(i + 1, lexicalVector(textOf(i)), 'fact');
    for (const probe of [3, EXACT_UP_TO + 100, n - 1]) {
      // A near repeat of text `probe`: its nearest must be that text, with the exact cosine.
      const v = lexicalVector(`${textOf(probe)} golf`);
      const [best] = batch.nearest(v, 8);
      expect(best?.memoryId).toBe(probe + 1);
      expect(best?.similarity).toBeCloseTo(cosine(v, lexicalVector(textOf(probe))), 6);
    }
  });

  it('builds its graph when first searched, in chunks, and keeps it up with what comes after', async () => {
    const batch = new BatchVectors(vectorsOf(memoryStore()), 1);
    const n = GRAPH_CHUNK + 200;
    for (let i = 0; i < n; i++) batch.insert(i + 1, lexicalVector(textOf(i)), 'fact');
    const near = (probe: number) => batch.nearest(lexicalVector(`${textOf(probe)} golf`), 8)[0]?.memoryId;
    // Both chunks are in the graph: a text from each is found.
    for (const probe of [5, GRAPH_CHUNK + 150]) expect(near(probe)).toBe(probe + 1);
    // Inserted after the graph was built, and one replaced: found with their new vectors.
    for (let i = n; i < n + 20; i++) batch.insert(i + 1, lexicalVector(textOf(i)), 'fact');
    batch.replace(10, lexicalVector(textOf(n + 100)), 'fact');
    expect(near(n + 10)).toBe(n + 11);
    expect(near(n + 100)).toBe(10);
  });

  it("hides a replaced memory's old vector, and writes every vector at flush", async () => {
    const s = memoryStore();
    await s.write({ type: 'fact', text: 'the staging database is refreshed every night at two', dir: '/p', agent: 'a', sessionId: 's', source: null }, POLICY);
    const vectors = vectorsOf(s);
    const batch = new BatchVectors(vectors, 2);
    const old = lexicalVector('the staging database is refreshed every night at two');
    const fresh = lexicalVector('payment webhooks retry five times with backoff');
    batch.replace(1, fresh, 'fact');
    const near = batch.nearest(old, 3);
    expect(near.find((x) => x.memoryId === 1)?.similarity).toBeCloseTo(cosine(old, fresh), 6);
    batch.insert(2, old, 'fact');
    expect(vectors.nearest(old, 3).map((x) => x.memoryId)).toEqual([1]);
    batch.flush();
    expect(vectors.nearest(fresh, 1)[0]).toMatchObject({ memoryId: 1 });
    expect(vectors.nearest(old, 1)[0]).toMatchObject({ memoryId: 2 });
  });

  it('still dedups inside one large batch: a restatement near its end updates the memory from its start', async () => {
    const s = memoryStore();
    const c = (text: string) => ({ type: 'fact' as const, text, dir: '/p', agent: 'a', sessionId: 's', source: null });
    const texts = Array.from({ length: EXACT_UP_TO + 50 }, (_, i) => `${textOf(i)} hotel`);
    const results = await s.writeMany([c('the integration tests need the redis container started first'), ...texts.map(c), c('the integration tests need the redis container to be started first')], POLICY);
    expect(results[0]?.action).toBe('inserted');
    expect(results.at(-1)).toMatchObject({ action: 'updated', id: results[0]?.id });
    expect(s.list({}).length).toBe(texts.length + 1);
  });
});
