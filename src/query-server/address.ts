import { statSync } from 'node:fs';
import { join } from 'node:path';
import { quickHash } from '../ids.js';
import { userDataDir } from '../config/paths.js';

/**
 * Where a `query` process finds the query server that answers for it. The
 * server answers for one build of claude-mem and one environment (the
 * config a process reads from its env, its HOME, its TZ for dates): both
 * are in the socket's name, so a rebuilt claude-mem or another environment
 * finds no server of the wrong kind, only its own or none. It lives in the
 * user's private data folder (run/, 0700): nobody else can connect.
 */

/** Variables that differ between shells of one user without changing any answer. */
const VOLATILE = new Set(['PWD', 'OLDPWD', 'SHLVL', '_', 'COLUMNS', 'LINES']);

/** A Unix socket's path is at most 107 bytes on Linux (104 on macOS); a longer data folder has no server. */
const MAX_SOCKET_PATH = 100;

/** The environment as the server compares it: every variable but the volatile ones, sorted. */
export function envFingerprint(env: NodeJS.ProcessEnv): string {
  return Object.entries(env)
    .filter(([k, v]) => v !== undefined && !VOLATILE.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('\0');
}

/** This build: the entry file and when it was written (a rebuild or an upgrade is another build). */
export function buildId(entry: string | undefined): string | undefined {
  if (!entry) return undefined;
  try {
    const st = statSync(entry);
    return `${entry}:${st.size}:${st.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** The socket path for this build and environment, or undefined where none can be (no entry file, a data folder path too long). */
export function socketFor(env: NodeJS.ProcessEnv, build: string | undefined): string | undefined {
  if (!build) return undefined;
  const path = join(userDataDir(env), 'run', `query-${quickHash(`${build}\0${envFingerprint(env)}`)}.sock`);
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH ? path : undefined;
}
