import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { condense, transcriptReply, turnTranscript } from './summary.js';

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
