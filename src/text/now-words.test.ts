import { describe, expect, it } from 'vitest';
import { withoutNowWords } from './now-words.js';

describe('words that ask for the newest state, not what a question is about', () => {
  it('are left out of the question in both languages', () => {
    expect(withoutNowWords('How many hours of overtime have I tracked most recently?')).toBe('How many hours of overtime have I tracked ?');
    expect(withoutNowWords('What is my current accuracy percentage?')).toBe('What is my accuracy percentage?');
    expect(withoutNowWords('what is the latest API response time so far')).toBe('what is the API response time');
    expect(withoutNowWords('我目前的测试命令是什么')).toBe('我 的测试命令是什么');
    expect(withoutNowWords('现在用的端口')).toBe('用的端口');
  });

  it('only as whole words, and never leaving nothing to search', () => {
    expect(withoutNowWords('the recurrent job and nowcast model')).toBe('the recurrent job and nowcast model');
    expect(withoutNowWords('currently?')).toBe('currently?');
    expect(withoutNowWords('最新')).toBe('最新');
  });
});
