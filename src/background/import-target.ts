/**
 * Where an imported transcript may write. A transcript's cwd is whatever
 * the file says: a relative path, a folder of another machine, /etc. Its
 * memories go to the store of that folder's project, which creates
 * `.claude-mem/` there, so only a folder that exists here, given as an
 * absolute path, and is a project (git, claude-mem.yaml, .claude-mem) or
 * lies in the user's home is taken.
 */
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { findProjectRoot, PROJECT_CONFIG_FILE, PROJECT_DATA_DIR } from '../config/paths.js';

/** Why `cwd` cannot take the transcript's memories, or undefined when it can. */
export function unfitProject(cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  if (!isAbsolute(cwd)) return 'is not an absolute path';
  try {
    if (!statSync(cwd).isDirectory()) return 'is not a folder';
  } catch {
    return 'does not exist on this machine';
  }
  const root = findProjectRoot(cwd);
  if (['.git', PROJECT_CONFIG_FILE, PROJECT_DATA_DIR].some((m) => existsSync(join(root, m)))) return undefined;
  const home = resolve(env['HOME'] ?? homedir());
  const dir = resolve(cwd);
  if (dir === home || dir.startsWith(`${home}${sep}`)) return undefined;
  return 'is not a project (no .git, claude-mem.yaml or .claude-mem) and not in your home folder';
}
