import { existsSync } from 'node:fs';
import type { Config, Paths } from '../config/index.js';
import { spawnDetached } from '../background/spawn.js';
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
  if (![o.paths.projectDb, o.paths.userDb].some((db) => existsSync(`${db}.ann`))) return false;
  const socket = socketFor(o.env, buildId(o.entry));
  if (!socket) return false;
  spawnDetached(['query-server', '--socket', socket], o.cwd, o.env, { heapCap: false, nice: false });
  return true;
}
