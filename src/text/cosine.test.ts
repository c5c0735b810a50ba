import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cosine, dot, dotSparse, sparseOf, unitOf } from './cosine.js';

const vec = fc.array(fc.float({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true }), { minLength: 8, maxLength: 8 }).map((a) => Float32Array.from(a));

describe('unit vectors', () => {
  it('the dot product of two unit vectors is their cosine', () => {
    fc.assert(
      fc.property(vec, vec, (a, b) => {
        const ua = unitOf(a);
        const ub = unitOf(b);
        if (!ua || !ub) return cosine(a, b) === 0;
        return Math.abs(dot(ua, ub) - cosine(a, b)) < 1e-4;
      }),
    );
  });

  it('the zero vector has no unit vector', () => {
    expect(unitOf(new Float32Array(4))).toBeUndefined();
    expect(unitOf(Float32Array.from([3, 4]))).toEqual(Float32Array.from([0.6, 0.8]));
  });
});

describe('sparse vectors', () => {
  // 64 cells, at most 15 set: under a quarter, as lexical vectors are.
  const sparse = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 63 }), fc.float({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true })), { maxLength: 15 })
    .map((cells) => {
      const v = new Float32Array(64);
      for (const [i, x] of cells) v[i] = x;
      return v;
    });
  const dense = fc.array(fc.float({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true }), { minLength: 64, maxLength: 64 }).map((a) => Float32Array.from(a));

  it('the dot product read from the nonzero cells is the dot product', () => {
    fc.assert(
      fc.property(sparse, dense, (s, d) => {
        const cells = sparseOf(s);
        if (!cells) return false;
        return Math.abs(dotSparse(d, cells) - dot(d, s)) <= 1e-3 * (1 + Math.abs(dot(d, s)));
      }),
    );
  });

  it('a dense vector keeps no cells', () => {
    expect(sparseOf(Float32Array.from({ length: 64 }, (_, i) => (i % 2 ? 1 : 0)))).toBeUndefined();
    expect(sparseOf(Float32Array.from({ length: 8 }, (_, i) => (i === 3 ? 2 : 0)))).toMatchObject({ at: Uint16Array.from([3]), values: Float32Array.from([2]) });
  });
});
