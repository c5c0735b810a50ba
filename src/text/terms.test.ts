import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { queryWords, segmentedWords } from './terms.js';

describe('queryWords', () => {
  it('splits text without CJK exactly as the segmenter does (the fast path skips building it)', () => {
    const piece = fc.constantFrom('orders', 'table', "don't", 'snake_case', 'v1.2.3', '3.14', 'pytest -q', 'the', 'API_KEY', 'Größe', 'café', 'e-mail', '--force', '#42', 'a/b/c.ts', 'x=1', '  ', '\n', '"', '…');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const text = parts.join(' ');
        expect(queryWords(text)).toEqual(segmentedWords(text));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the segmenter on any ASCII, Greek or Cyrillic text', () => {
    const letters = fc.constantFrom(...'αβγ δέλτα Привет мир Straße naïve'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), fc.string({ unit: letters, maxLength: 8 }), (a, b) => {
        expect(queryWords(a + b)).toEqual(segmentedWords(a + b));
      }),
      { numRuns: 3000 },
    );
  });

  it('segments Chinese into words and keeps the Latin ones beside them', () => {
    expect(queryWords('日志格式 JSON 的字段')).toEqual(segmentedWords('日志格式 JSON 的字段'));
    expect(queryWords('日志格式 JSON')).toContain('json');
  });
});
