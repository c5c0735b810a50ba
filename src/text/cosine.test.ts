import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cosine, dot, unitOf } from './cosine.js';

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
