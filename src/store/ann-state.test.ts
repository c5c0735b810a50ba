import { describe, expect, it } from 'vitest';
import { ANN_MAX_GONE, ANN_MAX_NEWER, annState, annWanted, parseAnnMeta, type AnnMeta } from './ann-state.js';

const meta = (o: Partial<AnnMeta> = {}): AnnMeta => ({ version: 1, embedderId: 'lexical-v1', dims: 384, count: 1000, maxId: 1000, builtAt: 0, buildMs: 0, ...o });
const figures = { memories: 1000, newer: 0, embedderId: 'lexical-v1', minVectors: 500 };

describe('annState', () => {
  it('is exact when turned off, whatever exists', () => {
    expect(annState(meta(), { ...figures, minVectors: 0 })).toBe('exact');
    expect(annState(undefined, { ...figures, minVectors: 0 })).toBe('exact');
  });

  it('is exact for a small store without an index, missing for a large one', () => {
    expect(annState(undefined, { ...figures, memories: 499 })).toBe('exact');
    expect(annState(undefined, { ...figures, memories: 500 })).toBe('missing');
  });

  it('treats an index of another embedder as missing (its vectors are not comparable)', () => {
    expect(annState(meta({ embedderId: 'model-x' }), figures)).toBe('missing');
  });

  it('is fresh until too many memories are newer than the index or gone from it', () => {
    expect(annState(meta(), figures)).toBe('fresh');
    expect(annState(meta(), { ...figures, memories: 1000 + ANN_MAX_NEWER, newer: ANN_MAX_NEWER })).toBe('fresh');
    expect(annState(meta(), { ...figures, memories: 1001 + ANN_MAX_NEWER, newer: ANN_MAX_NEWER + 1 })).toBe('stale');
    const gone = Math.floor(1000 * ANN_MAX_GONE);
    expect(annState(meta(), { ...figures, memories: 1000 - gone })).toBe('fresh');
    expect(annState(meta(), { ...figures, memories: 1000 - gone - 1 })).toBe('stale');
  });

  it('wants a build only when due and the store is large enough', () => {
    expect(annWanted('missing', 600, 500)).toBe(true);
    expect(annWanted('stale', 600, 500)).toBe(true);
    expect(annWanted('stale', 400, 500)).toBe(false);
    expect(annWanted('fresh', 600, 500)).toBe(false);
    expect(annWanted('missing', 600, 0)).toBe(false);
  });
});

describe('parseAnnMeta', () => {
  it('reads what a build writes and refuses anything else', () => {
    expect(parseAnnMeta(JSON.stringify(meta()))).toEqual(meta());
    expect(parseAnnMeta('{"version":2,"embedderId":"x","dims":3,"count":1,"maxId":1}')).toBeUndefined();
    expect(parseAnnMeta('{"version":1,"dims":3}')).toBeUndefined();
    expect(parseAnnMeta('not json')).toBeUndefined();
    expect(parseAnnMeta('')).toBeUndefined();
  });
});
