import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownershipOf, OWNER_FILE } from './repo-owned.js';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const git = (cwd: string, ...args: string[]): void => {
  const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
};

/** A git project with a `.claude-mem` store, committed when `tracked`. */
function project(root: string, name: string, tracked: boolean, owner?: string) {
  const projectRoot = join(root, name);
  const projectDataDir = join(projectRoot, '.claude-mem');
  mkdirSync(projectDataDir, { recursive: true });
  git(projectRoot, 'init', '-q');
  writeFileSync(join(projectDataDir, 'mem.db'), '');
  if (owner) copyFileSync(owner, join(projectDataDir, OWNER_FILE));
  if (tracked) {
    git(projectRoot, 'add', '-A');
    git(projectRoot, 'commit', '-q', '-m', 'ships its store');
  }
  return { projectRoot, projectDataDir, projectDb: join(projectDataDir, 'mem.db'), sessionsDir: join(projectDataDir, 'sessions'), userDataDir: join(root, 'user') };
}

describe('ownershipOf', () => {
  it("stamps the user's own store once, and never takes a stamp copied into a repository's store as its own", () => {
    const root = mkdtempSync(join(tmpdir(), 'owned-'));
    made.push(root);
    mkdirSync(join(root, 'user'));
    const mine = project(root, 'mine', false);
    expect(ownershipOf(mine)).toEqual({ mine: true });
    const stamp = join(mine.projectDataDir, OWNER_FILE);
    expect(readFileSync(stamp, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    // Known now: the next launch trusts it (its git would say the same).
    expect(ownershipOf(mine)).toEqual({ mine: true });
    expect(readFileSync(join(root, 'user', 'owner-stamps'), 'utf8')).toContain(mine.projectDataDir.split('/').pop() ?? '');
    // A repository that ships the user's own stamp (copied from another folder) is still the repository's.
    const shipped = project(root, 'shipped', true, stamp);
    expect(ownershipOf(shipped)).toMatchObject({ mine: false, why: expect.stringMatching(/git tracks/) });
    // So is one whose stamp is made up.
    writeFileSync(join(root, 'forged'), `${'0'.repeat(64)}\n`);
    expect(ownershipOf(project(root, 'forged-store', true, join(root, 'forged')))).toMatchObject({ mine: false });
  });

  it('checks a stamp the key made but the list lost, and lists it again', () => {
    const root = mkdtempSync(join(tmpdir(), 'owned-'));
    made.push(root);
    mkdirSync(join(root, 'user'));
    const mine = project(root, 'mine', false);
    expect(ownershipOf(mine)).toEqual({ mine: true });
    rmSync(join(root, 'user', 'owner-stamps'));
    // Tracked now: only a valid stamp (the HMAC under the user's key) can still say it is the user's.
    git(mine.projectRoot, 'add', '-A');
    git(mine.projectRoot, 'commit', '-q', '-m', 'x');
    expect(ownershipOf(mine)).toEqual({ mine: true });
    expect(readFileSync(join(root, 'user', 'owner-stamps'), 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
  });
});
