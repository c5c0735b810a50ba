import { describe, expect, it } from 'vitest';
import { isTimeValue, timeAspectOf, timeSubject } from './time-value.js';
import { statementOf } from './statement.js';

describe('a time as a value (pure)', () => {
  it('takes a weekday, a date or a clock time, whole, in both languages', () => {
    for (const v of ['Thursday', 'on Thursday', 'every Monday', 'Monday 3pm', 'Monday at 3 p.m.', 'Thu 3pm', '10am', '10:30', 'March 10', '10 March 2026', '2026-03-10', '周四', '下周四', '每周一', '10 点半', '下午 3 点', '3月10日', '周五下午 4 点']) {
      expect(isTimeValue(v), v).toBe(true);
    }
  });

  it('leaves a value that only holds a time, or is a number of something else', () => {
    for (const v of ['Sun', 'sat', 'Wed', "Thursday's meeting", 'the week after the audit', '30 seconds', '8080', 'v22', 'pnpm', '10 点的会', 'Monday and Tuesday mornings', '']) {
      expect(isTimeValue(v), v).toBe(false);
    }
  });

  it('names the thing and its time, whatever word the sentence used', () => {
    expect(timeSubject('release day', 'Wednesday')).toBe('release time');
    expect(timeSubject('release', 'Thursday')).toBe('release time');
    expect(timeSubject('发版', '周四')).toBe('发版时间');
    expect(timeSubject('截止日期', '3月10日')).toBe('截止时间');
    expect(timeSubject('port', '8080')).toBeUndefined();
    expect(timeAspectOf('release date')).toBe('release time');
    expect(timeAspectOf('发版日期')).toBe('发版时间');
    expect(timeAspectOf('release')).toBeUndefined();
  });

  it('gives one subject to a time stated and a time changed', () => {
    const same = (a: string, b: string): void => {
      const x = statementOf(a);
      const y = statementOf(b);
      expect(x?.key, a).toBeDefined();
      expect(x?.key, `${a} / ${b}`).toBe(y?.key);
    };
    same('发版时间是周三', '发版改到周四了');
    // And across the languages, where the glossary knows the thing (发版 = release).
    same('发版时间是周三', 'The release moved to Thursday.');
    same('The release day is Wednesday.', 'The release moved to Thursday.');
    same('The standup time is 9:30', 'Standup moved to 10:30.');
    same('站会时间是 9 点', '站会改到 10 点半');
    same('The demo date is March 3.', 'The demo was pushed to March 10.');
    // The value stays as said.
    expect(statementOf('发版改到周四了')?.value).toBe('周四');
  });
});
