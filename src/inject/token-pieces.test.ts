import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { piecewiseCounter, tokenPieces, type CountMemo } from './token-pieces.js';
import { formatBlock } from './format.js';
import { loadTokenCounter } from './tokens.js';
import { MEMORY_TYPES } from '../text/index.js';

const mapMemo = (): CountMemo & { size: () => number } => {
  const m = new Map<string, number>();
  return { get: (p) => m.get(p), set: (p, n) => void m.set(p, n), size: () => m.size };
};

// Words a memory is made of: both scripts, digits, punctuation of both, odd spacing, emoji.
const word = fc.constantFrom('the', 'Tests', 'pytest', ' -q', '日志', '格式', '用', 'JSON', '，', '。', '：', '(', ')', '.', '/', '-', '12', '3456', "'s", ' ', '  ', '\t', 'é', '😀', '[fact]', 'x.y', '?', '!');
const text = fc.array(word, { minLength: 1, maxLength: 14 }).map((ws) => ws.join('')).filter((t) => t.trim() !== '');
const item = fc.record({
  type: fc.constantFrom(...MEMORY_TYPES),
  text,
  supplement: fc.option(text, { nil: undefined }),
  date: fc.option(fc.constantFrom('2026-03-01', '2025-12-31'), { nil: undefined }),
});

describe('token pieces', () => {
  it('a block counts as the sum of its pieces, by the real tokenizer', async () => {
    const count = await loadTokenCounter();
    fc.assert(
      fc.property(fc.array(item, { minLength: 0, maxLength: 12 }), fc.constantFrom('zh' as const, 'en' as const), fc.array(fc.tuple(fc.nat(11), fc.nat(11)), { maxLength: 2 }), (items, lang, conflicts) => {
        const block = formatBlock(items, lang, conflicts.map(([a, b]) => [a + 1, b + 1]));
        const pieces = tokenPieces(block);
        expect(pieces.join('')).toBe(block);
        expect(pieces.reduce((n, p) => n + count(p), 0)).toBe(count(block));
      }),
      { numRuns: 1500 },
    );
  });

  it('any text: the pieces are the text, and a blank line keeps it whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (t) => {
        expect(tokenPieces(t).join('')).toBe(t);
      }),
    );
    expect(tokenPieces('a\n\nb')).toEqual(['a\n\nb']);
    expect(tokenPieces('12. [fact] x\n3. y')).toEqual(['12.', ' [fact] x\n', '3.', ' y']);
  });

  it('without the tokenizer: remembered pieces count exactly, unknown ones by bytes, never below the truth', async () => {
    const real = await loadTokenCounter();
    const memo = mapMemo();
    const block = formatBlock([{ type: 'project', text: 'The test command is pytest -q' }, { type: 'global', text: '我喜欢简短的回答' }], 'en');
    const exact = piecewiseCounter(memo, real);
    expect(exact.count(block)).toBe(real(block));
    expect(exact.exact()).toBe(true);
    expect(memo.size()).toBeGreaterThan(0);
    // The same block from the memo alone: exact, no tokenizer.
    const stored = piecewiseCounter(memo);
    expect(stored.count(block)).toBe(real(block));
    expect(stored.exact()).toBe(true);
    // A new memory's line was never counted: its bytes stand in, an upper bound.
    const grown = formatBlock([{ type: 'project', text: 'The test command is pytest -q' }, { type: 'fact', text: '部署前先跑 make check' }, { type: 'global', text: '我喜欢简短的回答' }], 'en');
    const guess = piecewiseCounter(memo);
    expect(guess.count(grown)).toBeGreaterThan(real(grown));
    expect(guess.exact()).toBe(false);
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (items) => {
        const b = formatBlock(items, 'zh');
        expect(piecewiseCounter(mapMemo()).count(b)).toBeGreaterThanOrEqual(real(b));
      }),
      { numRuns: 300 },
    );
  });
});
