import { existsSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir, FILE_MODE } from '../fs-private.js';
import type { Config, Paths } from '../config/index.js';
import { spawnDetached } from '../background/spawn.js';
import { annFiles } from '../store/ann.js';
import { buildId, socketFor } from './address.js';

let insideServer = false;

/** The query server's own queries start no other server. */
export function markInsideQueryServer(): void {
  insideServer = true;
}

/** Is this process the query server (its status line says so)? */
export const insideQueryServer = (): boolean => insideServer;

/**
 * After a query this process answered itself: start a query server for the
 * next ones, where a store is large enough to have its vector index (past
 * store.ann_min_vectors), which is where a query process spends its time
 * opening stores and mapping the index. Small stores answer fast enough
 * from a fresh process, and keep no process around.
 */
export function startQueryServerFor(o: { paths: Paths; config: Config; cwd: string; env: NodeJS.ProcessEnv; entry: string | undefined }): boolean {
  if (insideServer || !o.config.retrieval.query_server) return false;
  if (![o.paths.projectDb, o.paths.userDb].some((db) => existsSync(annFiles(db).index))) return false;
  const socket = socketFor(o.env, buildId(o.entry));
  if (!socket || !dueToSpawn(`${socket}.started`, Date.now())) return false;
  spawnDetached(['query-server', '--socket', socket], o.cwd, o.env, { heapCap: false, nice: false });
  return true;
}

/**
 * At most one start a minute: queries that run side by side start one
 * server, not one each, and where a server cannot listen (a file system
 * without Unix sockets) a query does not pay for a process that fails. A
 * server gone after its idle minutes, or killed, left a stamp older than that.
 */
const RESTART_AFTER_MS = 60_000;

function dueToSpawn(stamp: string, now: number): boolean {
  const st = statSync(stamp, { throwIfNoEntry: false });
  if (st && now - st.mtimeMs < RESTART_AFTER_MS) return false;
  try {
    ensurePrivateDir(dirname(stamp));
    writeFileSync(stamp, '', { mode: FILE_MODE });
    utimesSync(stamp, now / 1000, now / 1000);
  } catch {
    return false;
  }
  return true;
}
