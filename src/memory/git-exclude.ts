import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Paths } from '../config/index.js';
import { PROJECT_DATA_DIR } from '../config/index.js';
import type { Notices } from './notices.js';

/**
 * Keeps `.claude-mem/` out of `git status` without editing a tracked file:
 * `.git/info/exclude` is the repository's own, untracked ignore list. Done
 * once, when the project store is created, and only in a real git directory.
 */
export function keepOutOfGit(paths: Paths, notices: Notices): void {
  const git = join(paths.projectRoot, '.git');
  try {
    if (!statSync(git).isDirectory()) return;
    const rel = relative(paths.projectRoot, paths.projectDataDir);
    if (!rel || rel.startsWith('..')) return;
    const line = `/${rel === PROJECT_DATA_DIR ? PROJECT_DATA_DIR : rel}/`;
    const exclude = join(git, 'info', 'exclude');
    const current = existsSync(exclude) ? readFileSync(exclude, 'utf8') : '';
    const ignoredBy = (text: string): boolean => text.split(/\r?\n/).some((l) => [line, line.slice(1), line.slice(0, -1), line.slice(1, -1)].includes(l.trim()));
    const gitignore = join(paths.projectRoot, '.gitignore');
    if (ignoredBy(current) || (existsSync(gitignore) && ignoredBy(readFileSync(gitignore, 'utf8')))) return;
    if (!existsSync(join(git, 'info'))) return;
    appendFileSync(exclude, `${current === '' || current.endsWith('\n') ? '' : '\n'}# claude-mem's memory store and session logs\n${line}\n`);
    notices.info(`added ${line} to .git/info/exclude, so git status does not show it`);
  } catch {
    // Not a repository we can write to: git status may show the folder.
  }
}

/**
 * Raw session logs git tracks in this project (committed, or staged by a
 * `git add -A` before the folder was excluded): they hold everything typed.
 * Read from the index's path names, without running git.
 */
export function trackedRawLogs(projectRoot: string): string[] {
  let index: Buffer;
  try {
    index = readFileSync(join(projectRoot, '.git', 'index'));
  } catch {
    return [];
  }
  const prefix = Buffer.from(`${PROJECT_DATA_DIR}/sessions/`);
  const found: string[] = [];
  for (let at = index.indexOf(prefix); at >= 0; at = index.indexOf(prefix, at + 1)) {
    const end = index.indexOf(0, at);
    const name = index.subarray(at, end < 0 ? undefined : end).toString('utf8');
    if (name.endsWith('.cast')) found.push(name);
  }
  return found;
}
