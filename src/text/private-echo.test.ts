import { describe, expect, it } from 'vitest';
import { echoHider, privateSpans } from './private-echo.js';

describe('private echoes', () => {
  it('finds every span, one left open to the end', () => {
    expect(privateSpans('a <private>one 1</private> b < PRIVATE >two\nlines</ private> c <private>open')).toEqual(['one 1', 'two\nlines', 'open']);
    expect(privateSpans('nothing here')).toEqual([]);
  });

  it('hides a span repeated whole or in part, in either language, and leaves plain words alone', () => {
    const hide = echoHider(privateSpans('use <private>the db password is Hunter-2291 for prod</private> please; 卡号 <private>我的卡号 6222020200112233</private>'));
    expect(hide('Got it: I will use Hunter-2291 for the prod database.')).toBe('Got it: I will use [redacted:private] for the prod database.');
    expect(hide('好的，卡号 6222020200112233 已记下')).toBe('好的，卡号 [redacted:private] 已记下');
    expect(hide('the db password is Hunter-2291 for prod')).toBe('[redacted:private]');
    expect(hide('The deploy runs on Fridays for prod.')).toBe('The deploy runs on Fridays for prod.');
    expect(echoHider([])('unchanged')).toBe('unchanged');
  });
});
