import { describe, expect, it } from 'vitest';
import * as nodeModule from 'node:module';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox } from '../helpers/sandbox.js';
import { cm } from '../helpers/cli.js';

const nodeHasOwn = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const cacheDir = (home: string): string => join(home, '.cache', 'claude-mem', 'compile', `${process.version}-${process.arch}`);
const files = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).sort() : []);

describe('the compile cache of the bundle (Node 20)', () => {
  it.skipIf(nodeHasOwn)('keeps the compiled chunks in the user cache, private, reuses them, and survives a corrupt or unwritable cache', () => {
    const sb = makeSandbox('cm-ccache');
    const o = { cwd: sb.project, env: sb.env };
    const plain = cm(['list'], o);
    expect(plain.status).toBe(0);
    const dir = cacheDir(sb.home);
    const first = files(dir);
    expect(first.length).toBeGreaterThan(2);
    expect(first.every((f) => /-[\w-]{8}\.cjs\.\d+\.v8$/.test(f))).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(first.every((f) => (statSync(join(dir, f)).mode & 0o777) === 0o600)).toBe(true);
    // Used, not written again.
    const before = first.map((f) => statSync(join(dir, f)).mtimeMs);
    expect(cm(['list'], o).status).toBe(0);
    expect(files(dir)).toEqual(first);
    expect(first.map((f) => statSync(join(dir, f)).mtimeMs)).toEqual(before);
    // Garbage in a cache file: V8 refuses it, the command runs, and the file is made again.
    const victim = join(dir, first[0] ?? '');
    writeFileSync(victim, 'not compiled code');
    const r = cm(['list'], o);
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(/cache|compile|error/i);
    expect(statSync(victim).size).toBeGreaterThan(100);
    // A folder it cannot make (~/.cache is a file; read-only modes do not stop root):
    // nothing said beyond what a first run says, and the command runs.
    const ro = makeSandbox('cm-ccache-ro');
    writeFileSync(join(ro.home, '.cache'), 'a file, not a folder');
    const rr = cm(['list'], { cwd: ro.project, env: ro.env });
    expect(rr.status).toBe(0);
    expect(rr.stderr).toBe(plain.stderr);
  });

  it('writes nothing with NODE_DISABLE_COMPILE_CACHE set, and nothing of its own where Node keeps one', () => {
    const sb = makeSandbox('cm-ccache-off');
    expect(cm(['list'], { cwd: sb.project, env: { ...sb.env, NODE_DISABLE_COMPILE_CACHE: '1' } }).status).toBe(0);
    expect(files(cacheDir(sb.home))).toEqual([]);
    if (nodeHasOwn) {
      expect(cm(['list'], { cwd: sb.project, env: sb.env }).status).toBe(0);
      expect(files(cacheDir(sb.home))).toEqual([]);
    }
  });
});
