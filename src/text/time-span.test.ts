import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstSpan, inSpan, timeSpanOf } from './time-span.js';

describe('timeSpanOf', () => {
  it('answers as every pattern tried on every text would: the patterns that need a digit are skipped only where there is none', () => {
    const piece = fc.constantFrom('in', 'June', 'may', 'Sept', 'of', 'during', 'early', 'October', '13', '2023', '2023-10-13', '年', '月', '6月', '日', '号', ',', ' ', 'deploy', '3rd', 'since', '0');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (ps) => {
        const text = ps.join(' ');
        expect(timeSpanOf(text)).toEqual(firstSpan(text));
      }),
      { numRuns: 500 },
    );
  });

  it('reads the dates people write, in English and Chinese', () => {
    expect(timeSpanOf('What painting did Melanie show on October 13, 2023?')).toEqual({ month: 10, day: 13, year: 2023 });
    expect(timeSpanOf('what did we decide on 1 February, 2023')).toEqual({ day: 1, month: 2, year: 2023 });
    expect(timeSpanOf('the deploy of Sept 3rd')).toEqual({ month: 9, day: 3 });
    expect(timeSpanOf('migration notes 2026-11-03')).toEqual({ year: 2026, month: 11, day: 3 });
    expect(timeSpanOf('release 2026/7')).toEqual({ year: 2026, month: 7 });
    expect(timeSpanOf('which workout did she start in December 2023')).toEqual({ month: 12, year: 2023 });
    expect(timeSpanOf('When did Melanie go camping in June?')).toEqual({ month: 6 });
    expect(timeSpanOf('how many times in 2023')).toEqual({ year: 2023 });
    expect(timeSpanOf('2026年11月3日 定的日志格式')).toEqual({ year: 2026, month: 11, day: 3 });
    expect(timeSpanOf('11月3号改了什么')).toEqual({ month: 11, day: 3 });
    expect(timeSpanOf('6月的发布计划')).toEqual({ month: 6 });
    expect(timeSpanOf('2025年的预算')).toEqual({ year: 2025 });
  });

  it('names no time in ordinary text, versions, ids or the verb "may"', () => {
    for (const q of ['test command', 'we may 3x the pool', 'node 20 and python 3.12', 'ticket T-2023', 'port 2024', 'v1.2.3', '日志格式', 'the march of progress', '订单表 13 个字段', '']) {
      expect(timeSpanOf(q), q).toBeUndefined();
    }
  });

  it('gives only real months and days, and never throws', () => {
    expect(timeSpanOf('2023-13-40')).toBeUndefined();
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (t) => {
        const s = timeSpanOf(t);
        if (!s) return;
        expect(s.month === undefined || (s.month >= 1 && s.month <= 12)).toBe(true);
        expect(s.day === undefined || (s.day >= 1 && s.day <= 31)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('inSpan', () => {
  it('matches every field given, by the local calendar date', () => {
    const at = new Date(2023, 9, 13, 15, 30).getTime();
    expect(inSpan(at, { year: 2023, month: 10, day: 13 })).toBe(true);
    expect(inSpan(at, { month: 10 })).toBe(true);
    expect(inSpan(at, { year: 2023 })).toBe(true);
    expect(inSpan(at, { month: 10, day: 14 })).toBe(false);
    expect(inSpan(at, { year: 2022, month: 10 })).toBe(false);
  });
});
