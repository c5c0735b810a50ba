import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { weightedLength } from './filters.js';
import { latinInHan } from '../distill/features.js';

describe('weightedLength', () => {
  it('counts characters, a CJK one as two, as the one-regex-per-character definition did', () => {
    const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
    const byCharacter = (text: string): number => {
      let n = 0;
      for (const ch of text.trim()) n += WIDE.test(ch) ? 2 : 1;
      return n;
    };
    const mixed = fc.array(fc.constantFrom('a', ' ', '根', '本', 'ア', '한', '😀', '𠀀', '\ud800', '\udc00', '\t', '.'), { maxLength: 30 }).map((xs) => xs.join(''));
    fc.assert(fc.property(fc.oneof(fc.string({ unit: 'binary' }), mixed), (t) => {
      expect(weightedLength(t)).toBe(byCharacter(t));
    }), { numRuns: 3000 });
    expect(weightedLength('根本原因是缓存没有失效')).toBe(22);
  });
});

describe('latinInHan', () => {
  it('is the two-order regex it replaced', () => {
    const both = /\p{Script=Han}[^\p{Script=Han}]*\b[A-Za-z][\w.+-]{1,}\b|\b[A-Za-z][\w.+-]{1,}\b[^\p{Script=Han}]*\p{Script=Han}/u;
    const text = fc.array(fc.constantFrom('用', '缓存', 'Redis', 'a', 'JWT', ' ', '.', '-', '_x', '1', 'é', '，', 'v2.1'), { maxLength: 12 }).map((xs) => xs.join(''));
    fc.assert(fc.property(text, (t) => {
      expect(latinInHan(t)).toBe(both.test(t));
    }), { numRuns: 3000 });
    expect(latinInHan('状态管理用 Zustand')).toBe(true);
    expect(latinInHan('只有中文')).toBe(false);
  });
});
