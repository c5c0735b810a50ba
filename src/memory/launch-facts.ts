import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LaunchFacts } from '../inject/index.js';

/**
 * What git knows at launch, read from the .git directory itself: spawning
 * git twice would cost more than the rest of the launch. Any failure just
 * leaves the fact out.
 */
function gitDir(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, '.git');
    try {
      const st = statSync(candidate);
      if (st.isDirectory()) return candidate;
      // A worktree or submodule: ".git" is a file naming the real directory.
      const m = /^gitdir:\s*(.+)\s*$/m.exec(readFileSync(candidate, 'utf8'));
      if (m?.[1]) return resolve(dir, m[1]);
    } catch {
      // Not here; look further up.
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Pure: the branch from .git/HEAD's text. */
export function branchFromHead(head: string | undefined): string | undefined {
  const m = /^ref:\s*refs\/heads\/(.+)$/m.exec(head ?? '');
  return m?.[1]?.trim();
}

/** Pure: the newest commit subjects from the HEAD reflog's text. */
export function subjectsFromReflog(reflog: string | undefined, n = 5): string[] {
  const out: string[] = [];
  const lines = (reflog ?? '').trimEnd().split('\n');
  for (let i = lines.length - 1; i >= 0 && out.length < n; i--) {
    const msg = lines[i]?.split('\t')[1] ?? '';
    const m = /^commit(?: \([^)]*\))?: (.+)$/.exec(msg);
    if (m?.[1]) out.push(m[1]);
  }
  return out;
}

/** The branch and newest commit subjects of the repository holding cwd. */
export function gitFacts(cwd: string): Pick<LaunchFacts, 'branch' | 'commitSubjects'> {
  const git = gitDir(cwd);
  return {
    branch: git ? branchFromHead(read(join(git, 'HEAD'))) : undefined,
    commitSubjects: git ? subjectsFromReflog(read(join(git, 'logs', 'HEAD'))) : undefined,
  };
}
