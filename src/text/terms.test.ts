import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cjkRuns, dominantLanguage, latinQueryWords, latinWords, queryWords, segmentedWords, tokenSet } from './terms.js';

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

  it('keeps the same non-CJK words of a mixed text without the segmenter', () => {
    const cjk = (w: string): boolean => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(w);
    const pieces = ['支付回调', '日志', '格式', 'の', 'カタカナ', '한국어', 'orders', "don't", 'snake_case', 'v1.2', 'API_KEY', 'Größe', '，', '。', '的', 'the', 'ไทย', ' ', '\n', '-', '.', '"'];
    // Glued to a kana word, ICU takes underscores into it (ExtendNumLet): those are spaced apart here.
    const text = fc.oneof(
      fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((p) => p.join('')),
      fc.array(fc.constantFrom(...pieces, '_', '__'), { maxLength: 14 }).map((p) => p.join(' ')),
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(latinQueryWords(t)).toEqual(segmentedWords(t).filter((w) => !cjk(w)));
      }),
      { numRuns: 3000 },
    );
  });

  it('segments Chinese into words and keeps the Latin ones beside them', () => {
    expect(queryWords('日志格式 JSON 的字段')).toEqual(segmentedWords('日志格式 JSON 的字段'));
    expect(queryWords('日志格式 JSON')).toContain('json');
  });
});

describe('the ASCII path of the term functions', () => {
  // A no-break space is not a word character in any script and is not CJK:
  // appended, it sends a text down the Unicode path and changes nothing else.
  const unicodePath = (text: string): string => `${text}\u00a0`;
  const ascii = fc.oneof(
    fc.string({ unit: fc.constantFrom(...'abcXYZ019 _-.,:/"\'\n\t'.split('')), maxLength: 40 }),
    fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  );

  it('gives what the Unicode path gives for any ASCII text', () => {
    fc.assert(
      fc.property(ascii, (text) => {
        expect(latinWords(text)).toEqual(latinWords(unicodePath(text)));
        expect(cjkRuns(text)).toEqual([]);
        expect(queryWords(text)).toEqual(queryWords(unicodePath(text)));
        expect(latinQueryWords(text)).toEqual(latinQueryWords(unicodePath(text)));
        expect(dominantLanguage(text)).toBe(dominantLanguage(unicodePath(text)));
        expect([...tokenSet(text)]).toEqual([...tokenSet(unicodePath(text))]);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves words in underscores and CJK to the paths that read them', () => {
    expect(queryWords('run __init__ then _ alone')).toEqual(queryWords(unicodePath('run __init__ then _ alone')));
    expect(latinWords('Deploy 部署 v2')).toEqual(['deploy', 'v2']);
    expect(dominantLanguage('部署端口改成 9090')).toBe('zh');
  });
});
