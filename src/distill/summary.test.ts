import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clipWeighted, condense, transcriptReply, turnTranscript } from './summary.js';
import { weightedLength } from '../text/index.js';

/** The clip as first written: every character spread into an array. */
const spreadClip = (s: string, n: number): string => {
  const chars = [...s];
  return chars.length > n ? `${chars.slice(0, n - 1).join('')}…` : s;
};

// Latin, CJK and astral characters (two UTF-16 units each), so lengths in units and in code points differ.
const char = fc.constantFrom('a', 'Z', ' ', '日', '志', '😀', '𠮷', 'é');
const text = (max: number) => fc.array(char, { maxLength: max, size: 'max' }).map((cs) => cs.join(''));

describe('clipping the summarizer input', () => {
  it('cuts a turn at 500 code points, as spreading it would, whatever the characters', () => {
    fc.assert(
      fc.property(text(1200), (reply) => {
        expect(turnTranscript([{ t: 0, user: '', reply }])).toBe(reply ? `[t=0.0] assistant: ${spreadClip(reply, 500)}` : '');
      }),
      { numRuns: 300 },
    );
  });

  it('joins a reply only as far as the transcript shows it, with the same text', () => {
    fc.assert(
      fc.property(fc.array(text(120), { maxLength: 40, size: 'max' }), (sentences) => {
        const whole = turnTranscript([{ t: 1, user: 'q', reply: sentences.join(' ') }]);
        expect(turnTranscript([{ t: 1, user: 'q', reply: transcriptReply(sentences) }])).toBe(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('condenses a turn of a million sentences to the same text as its first few', () => {
    const many = Array.from({ length: 1_000_000 }, (_, i) => `Decided to keep step ${i} in the 日志 table.`);
    const out = condense(['fix the log'], many, ['src/log.ts'], 'en');
    expect(out).toBe(condense(['fix the log'], many.slice(0, 200), ['src/log.ts'], 'en'));
    expect([...out].length).toBeLessThanOrEqual(1600);
    expect(out.endsWith('…')).toBe(true);
  });
});

describe('clipping by weight (CJK counts two)', () => {
  /** The first way: one character at a time, weighing the whole prefix each time. */
  const oneByOne = (s: string, max: number): string => {
    if (weightedLength(s) <= max) return s;
    let out = '';
    for (const ch of s) {
      if (weightedLength(out + ch) > max - 1) break;
      out += ch;
    }
    return `${out}…`;
  };
  const spaced = fc.array(fc.constantFrom('a', ' ', '\n', '日', '😀', '한', 'é'), { maxLength: 300, size: 'max' }).map((cs) => cs.join(''));

  it('keeps the same prefix as adding one character at a time', () => {
    fc.assert(
      fc.property(spaced, fc.integer({ min: 1, max: 120 }), (s, max) => {
        expect(clipWeighted(s, max)).toBe(oneByOne(s, max));
      }),
      { numRuns: 500 },
    );
  });

  it('clips a summarizer input of megabytes to its budget', () => {
    const big = `   ${'部署前先跑 make check, then tag the release. '.repeat(100_000)}`;
    const out = clipWeighted(big, 4000);
    expect(weightedLength(out)).toBeLessThanOrEqual(4000);
    expect(big.startsWith(out.slice(0, -1))).toBe(true);
  });
});
