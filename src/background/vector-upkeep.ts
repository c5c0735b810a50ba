/**
 * Upkeep of the stores' approximate vector indexes (store/ann.ts): what
 * `claude-mem index` builds, and when a client starts that build in the
 * background. A search never builds one: until it exists, a large store is
 * searched exactly. What status reports is memory/vector-report.ts.
 */
import { annWanted } from '../store/ann-state.js';
import { annAvailable } from '../store/ann.js';
import type { MemoryStore, Stores } from '../store/index.js';
import { spawnDetached } from './spawn.js';

export type AnnBuildOutcome =
  | { scope: 'user' | 'project'; built: { count: number; ms: number } }
  | { scope: 'user' | 'project'; skipped: string };

function wanted(s: MemoryStore, minVectors: number): boolean {
  if (!s.writable || s.path === ':memory:') return false;
  const st = s.annStatus(minVectors);
  return annWanted(st.state, st.vectors, minVectors);
}

/** True when some store is large enough and has no index, or an outgrown one. */
export function annDue(stores: Stores, minVectors: number): boolean {
  return minVectors > 0 && annAvailable() && stores.all.some((s) => wanted(s, minVectors));
}

/** Builds the index of each store that wants one (all stores with vectors, with `force`). */
export function buildAnnIndexes(stores: Stores, minVectors: number, o: { force?: boolean } = {}): AnnBuildOutcome[] {
  return stores.all.map((s): AnnBuildOutcome => {
    const scope = s.scope;
    if (minVectors <= 0 && !o.force) return { scope, skipped: 'turned off (store.ann_min_vectors is 0): searches stay exact' };
    if (!annAvailable()) return { scope, skipped: 'the vector index library (usearch) does not load on this machine: searches stay exact' };
    if (!s.writable) return { scope, skipped: `its folder is read-only: searches stay exact` };
    const st = s.annStatus(minVectors);
    if (st.vectors === 0) return { scope, skipped: 'no vectors yet' };
    if (!o.force && !annWanted(st.state, st.vectors, minVectors)) {
      return { scope, skipped: st.state === 'fresh' ? 'index up to date' : `${st.vectors} vectors, under store.ann_min_vectors (${minVectors}): exact search is fast enough` };
    }
    const built = s.buildAnn();
    return built ? { scope, built } : { scope, skipped: 'another claude-mem process is building it' };
  });
}

/**
 * Starts `claude-mem index` detached when a store wants an index. Its own
 * process, without the distiller's heap cap: the build holds every vector.
 */
export function startAnnBuildIfDue(stores: Stores, minVectors: number, cwd: string, env: NodeJS.ProcessEnv): boolean {
  if (!annDue(stores, minVectors)) return false;
  spawnDetached(['index'], cwd, env, { heapCap: false });
  return true;
}
