import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolvePaths } from '../config/paths.js';
import { defaultConfig } from '../config/index.js';
import { bumpVersion } from '../store/version.js';
import { ensurePrivateDir } from '../fs-private.js';
import { cacheKey, lookupBlock, saveBlock } from './context-cache.js';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function project() {
  const home = mkdtempSync(join(tmpdir(), 'ctx-cache-'));
  made.push(home);
  const cwd = join(home, 'p');
  const paths = resolvePaths(cwd, { HOME: home, CLAUDE_MEM_DATA_DIR: join(home, 'data') });
  ensurePrivateDir(paths.projectDataDir);
  ensurePrivateDir(paths.userDataDir);
  return { cwd, paths };
}

const block = { text: 'I always sign answers Quokkamatic', tokens: 6, ids: [{ scope: 'user' as const, rowid: 1 }] };

describe('the launch block cache', () => {
  it('keeps a block computed from the stores as they are, for the next launch', () => {
    const { cwd, paths } = project();
    const keys = cacheKey({ cwd, paths, config: defaultConfig() });
    saveBlock(paths, cwd, keys, block);
    expect(lookupBlock(paths, cwd, keys)?.fresh).toBe(true);
  });

  it('never writes a block whose stores changed while it was computed (a forget landed): the forgotten text stays off disk', () => {
    const { cwd, paths } = project();
    const keys = cacheKey({ cwd, paths, config: defaultConfig() });
    // A forget in another process: it commits and bumps the version (then drops cached blocks: none yet).
    bumpVersion(join(paths.userDataDir));
    saveBlock(paths, cwd, keys, block);
    const file = join(paths.projectDataDir, 'context-cache.json');
    expect(existsSync(file) ? readFileSync(file, 'utf8') : '').not.toContain('Quokkamatic');
  });
});
