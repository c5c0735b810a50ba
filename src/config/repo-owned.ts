/**
 * One rule for "is this project's data mine?": a store, a sessions folder or
 * a symlink that came with the repository is someone else's. It came with
 * the repository when git tracks it (in any worktree or submodule, at any
 * depth: git answers, claude-mem does not read `.git` itself), or when a
 * link inside the data folder points out of the project. Such data is
 * neither read nor written until the folder is trusted (config/index.ts).
 *
 * Asking git costs a process (a few milliseconds), so a data folder found to
 * be the user's own is stamped: `.claude-mem/.owner` holds an HMAC of the
 * folder's real path under a key that lives only in the user's data folder.
 * A repository cannot ship a valid stamp, so the next launch trusts the
 * stamp and asks git nothing. The symlink checks are a few lstat calls and
 * run every time: a pull can add a link to a stamped folder.
 *
 * The stamps this user's key made are also listed, with their folders, in
 * the user's data folder (`owner-stamps`): a stamp that matches its
 * folder's line there is the one the HMAC would give, so a launch checks it
 * without loading node:crypto (~5–10 ms). A stamp copied from another of the
 * user's folders does not match this folder's line, and is computed.
 */
import { childProcess } from '../lazy-builtins.js';
import { appendFileSync, existsSync, lstatSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { realish } from './paths.js';
import { FILE_MODE, writePrivateFile } from '../fs-private.js';
import { hmacSha256Hex, secretHex } from '../ids.js';

export const OWNER_FILE = '.owner';
const KEY_FILE = 'owner.key';
const KNOWN_STAMPS_FILE = 'owner-stamps';

export type Ownership = { mine: true } | { mine: false; why: string };

const inside = (child: string, parent: string): boolean => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * A repository can arrive with its own `.git` (an archive, a shared folder),
 * and its config can name programs git runs: `core.fsmonitor` runs on
 * ls-files, hooks on other commands. Our calls override each from the
 * command line, which wins over every config file.
 */
export const GIT_NEUTRAL = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'core.untrackedCache=false'];

/** The paths of `candidates` (inside `root`) that git tracks, or that hold a tracked file; [] outside a repository or without git. */
export function trackedByGit(root: string, candidates: string[]): string[] {
  const rels = candidates.filter((p) => inside(p, root)).map((p) => relative(root, p) || '.');
  if (rels.length === 0) return [];
  const r = childProcess().spawnSync('git', ['-C', root, ...GIT_NEUTRAL, 'ls-files', '-z', '--', ...rels], {
    encoding: 'utf8',
    timeout: 10_000,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' },
  });
  if (r.status !== 0 || !r.stdout) return [];
  const files = r.stdout.split('\0').filter(Boolean);
  return rels.filter((rel) => files.some((f) => f === rel || f.startsWith(`${rel}/`))).map((rel) => join(root, rel));
}

/** A path that is a symlink leading out of the project (a committed `sessions -> /tmp/x` sends every keystroke there). */
export function linksOutside(path: string, root: string): boolean {
  try {
    if (!lstatSync(path).isSymbolicLink()) return false;
  } catch {
    return false;
  }
  return !inside(realish(path), realish(root));
}

function ownerKey(userDataDir: string, create: boolean): string | undefined {
  const file = join(userDataDir, KEY_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    if (!create) return undefined;
    try {
      const key = secretHex(32);
      writePrivateFile(file, `${key}\n`);
      return key;
    } catch {
      return undefined;
    }
  }
}

const stampOf = (key: string, dataDir: string): string => hmacSha256Hex(key, realish(dataDir));

/** `<stamp>\t<real path>` per line; a path's last line wins. */
function knownStamp(userDataDir: string, realDir: string): string | undefined {
  let known = '';
  try {
    known = readFileSync(join(userDataDir, KNOWN_STAMPS_FILE), 'utf8');
  } catch {
    return undefined;
  }
  let found: string | undefined;
  for (const line of known.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0 && line.slice(tab + 1) === realDir) found = line.slice(0, tab);
  }
  return found;
}

function rememberStamp(userDataDir: string, realDir: string, stampValue: string): void {
  try {
    appendFileSync(join(userDataDir, KNOWN_STAMPS_FILE), `${stampValue}\t${realDir}\n`, { mode: FILE_MODE });
  } catch {
    // The HMAC is computed again next time.
  }
}

function stamped(userDataDir: string, dataDir: string): boolean {
  let shipped: string;
  try {
    shipped = readFileSync(join(dataDir, OWNER_FILE), 'utf8').trim();
  } catch {
    return false;
  }
  const realDir = realish(dataDir);
  if (shipped !== '' && knownStamp(userDataDir, realDir) === shipped) return true;
  const key = ownerKey(userDataDir, false);
  if (!key || shipped !== stampOf(key, dataDir)) return false;
  rememberStamp(userDataDir, realDir, shipped);
  return true;
}

/** Marks a data folder as the user's own (best effort: a read-only folder is asked about again next time). */
function stamp(userDataDir: string, dataDir: string): void {
  const key = ownerKey(userDataDir, true);
  if (!key) return;
  try {
    const value = stampOf(key, dataDir);
    writePrivateFile(join(dataDir, OWNER_FILE), `${value}\n`);
    rememberStamp(userDataDir, realish(dataDir), value);
  } catch {
    // Not writable (a read-only checkout): nothing lost, git is asked again.
  }
}

export interface OwnedPaths {
  projectRoot: string;
  projectDataDir: string;
  projectDb: string;
  sessionsDir: string;
  userDataDir: string;
}

/** Is the project's data folder (its store, its sessions) the user's own, or did it come with the repository? */
export function ownershipOf(p: OwnedPaths): Ownership {
  for (const path of [p.sessionsDir, p.projectDb]) {
    if (linksOutside(path, p.projectRoot)) return { mine: false, why: `${path} is a link out of the project` };
  }
  if (!existsSync(p.projectDataDir) || !inside(p.projectDataDir, p.projectRoot)) return { mine: true };
  if (stamped(p.userDataDir, p.projectDataDir)) return { mine: true };
  // A store placed elsewhere (store.db_path) was placed by the user's own config or a trusted one: a project file's is a trust key.
  const tracked = trackedByGit(p.projectRoot, [p.projectDataDir]);
  if (tracked.length > 0) return { mine: false, why: `git tracks ${tracked.map((t) => relative(p.projectRoot, t) || '.').join(', ')}` };
  stamp(p.userDataDir, p.projectDataDir);
  return { mine: true };
}
