import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quickHash, randomHex, randomUuid, sha256Hex } from './ids.js';

describe('ids', () => {
  it('random hex has the length asked and differs run to run', () => {
    expect(randomHex(3)).toMatch(/^[0-9a-f]{6}$/);
    expect(new Set(Array.from({ length: 200 }, () => randomHex(8))).size).toBe(200);
  });

  it('a random UUID is version 4, RFC 4122 variant, and differs run to run', () => {
    const ids = Array.from({ length: 500 }, randomUuid);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the quick hash is stable, fixed-width, and tells apart strings that differ in one character', () => {
    expect(quickHash('')).toBe(quickHash(''));
    expect(quickHash(' [project] 发布前必须先跑 make check\n')).toMatch(/^[0-9a-z]{11}$/);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.nat(79), fc.integer({ min: 1, max: 0xffff }), (s, at, delta) => {
        if (s.length === 0) return true;
        const i = at % s.length;
        const t = s.slice(0, i) + String.fromCharCode((s.charCodeAt(i) + delta) % 0x10000) + s.slice(i + 1);
        return t === s || quickHash(t) !== quickHash(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('no collisions among many similar block lines', () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => ` [project] orders table now uses JSON logs (note ${i})\n`);
    expect(new Set(lines.map(quickHash)).size).toBe(lines.length);
  });
});

describe('sha256Hex', () => {
  it('is the sha256 of the string', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
