import { describe, expect, it } from 'vitest';
import { codeWordsOf } from './code-words.js';
import { statesUserValue } from './user-statement.js';

describe('words a session wrote as code', () => {
  it('reads backticks, paths and commands to their end, not prose', () => {
    const words = codeWordsOf([
      '● Bash(git push origin main)',
      'Run `ruff check .` before committing.',
      'It merged into upstream/release-2 yesterday.',
      'the pipeline is red again, so I ran npm test. Then it went green',
    ]);
    for (const w of ['git', 'push', 'origin', 'main', 'ruff', 'check', 'upstream', 'release-2', 'npm', 'test']) expect(words.has(w)).toBe(true);
    for (const w of ['pipeline', 'red', 'green', 'committing', 'yesterday', 'then']) expect(words.has(w)).toBe(false);
  });
});

describe('words written as code, in huge lines', () => {
  it('reads a pasted blob or a minified line in one pass, whatever it holds', () => {
    // Each of these made a backtracking pattern rescan the line (a run of letters, of commands, of dots): minutes, not milliseconds.
    const blobs = ['x'.repeat(1_000_000), 'npm x '.repeat(200_000), `a${'.'.repeat(1_000_000)}b`, `/${'ab'.repeat(500_000)}`];
    for (const blob of blobs) expect(codeWordsOf([blob, 'git push origin main']).has('main')).toBe(true);
  });
});

describe('a plain word the user states as a value', () => {
  const code = (...ws: string[]) => (w: string) => ws.includes(w);
  it('is a name when the session wrote it as code, a report when it did not', () => {
    expect(statesUserValue('the default branch is main', code('main'))).toBe(true);
    expect(statesUserValue('the default branch is main', code())).toBe(false);
    expect(statesUserValue('the linter is ruff now', code('ruff'))).toBe(true);
    expect(statesUserValue('the pipeline is red again', code('main', 'ruff'))).toBe(false);
  });
  it('is a name in Latin letters inside Chinese, except in 是…的', () => {
    expect(statesUserValue('部署平台是 vercel', code())).toBe(true);
    expect(statesUserValue('默认分支是 main', code())).toBe(true);
    expect(statesUserValue('这个测试是 flaky 的', code())).toBe(false);
    expect(statesUserValue('登录页面是空白的', code())).toBe(false);
  });
});
