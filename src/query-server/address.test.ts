import { describe, expect, it } from 'vitest';
import { envFingerprint, socketFor } from './address.js';
import { parseAnswer, parseRequest } from './protocol.js';

const env = { HOME: '/home/a', CLAUDE_MEM_DATA_DIR: '/d', TZ: 'Asia/Shanghai' };

describe('query server address', () => {
  it('is one socket per build and environment, the same from any shell of it', () => {
    const here = socketFor(env, 'build-1');
    expect(here).toMatch(/^\/d\/run\/query-[0-9a-z]+\.sock$/);
    expect(socketFor({ ...env, PWD: '/elsewhere', SHLVL: '3', COLUMNS: '200' }, 'build-1')).toBe(here);
    expect(socketFor({ ...env, TZ: 'UTC' }, 'build-1')).not.toBe(here);
    expect(socketFor({ ...env, CLAUDE_MEM_RETRIEVAL_TOP_K: '3' }, 'build-1')).not.toBe(here);
    expect(socketFor(env, 'build-2')).not.toBe(here);
    expect(envFingerprint({ B: '2', A: '1' })).toBe(envFingerprint({ A: '1', B: '2' }));
  });

  it('has none without a build, or where the data folder is too deep for a Unix socket', () => {
    expect(socketFor(env, undefined)).toBeUndefined();
    expect(socketFor({ ...env, CLAUDE_MEM_DATA_DIR: `/${'d'.repeat(120)}` }, 'build-1')).toBeUndefined();
  });

  it('reads only well-formed requests and answers', () => {
    expect(parseRequest('{"argv":["query","x"],"cwd":"/p","env":"E","stderrIsTerminal":false}')).toEqual({ argv: ['query', 'x'], cwd: '/p', env: 'E', stderrIsTerminal: false });
    for (const bad of ['', 'nope', '{"argv":"query","cwd":"/p","env":"E","stderrIsTerminal":false}', '{"argv":[1],"cwd":"/p","env":"E","stderrIsTerminal":false}']) expect(parseRequest(bad)).toBeUndefined();
    expect(parseAnswer('{"served":true,"stdout":"a\\n","stderr":"","code":0}')).toEqual({ served: true, stdout: 'a\n', stderr: '', code: 0 });
    expect(parseAnswer('{"served":true}')).toBeUndefined();
  });
});
