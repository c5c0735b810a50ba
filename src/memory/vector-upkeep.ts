/**
 * Upkeep of the stores' approximate vector indexes (store/ann.ts): what
 * `status` reports, what `claude-mem index` builds, and when a client starts
 * that build in the background. A search never builds one: until it
 * exists, a large store is searched exactly.
 */
import { annWanted, type AnnState } from '../store/ann-state.js';
import { annAvailable } from '../store/ann.js';
import type { MemoryStore, Stores } from '../store/index.js';
import { spawnDetached } from './background.js';

export interface AnnReport {
  scope: 'user' | 'project';
  state: AnnState;
  /** The store's vectors of the current embedder. */
  vectors: number;
  /** Vectors in the index, when there is one. */
  indexed?: number;
  builtAt?: number;
  buildMs?: number;
}

export type AnnBuildOutcome =
  | { scope: 'user' | 'project'; built: { count: number; ms: number } }
  | { scope: 'user' | 'project'; skipped: string };

export function annReports(stores: Stores, minVectors: number): AnnReport[] {
  return stores.all.map((s) => {
    const st = s.annStatus(minVectors);
    return {
      scope: s.scope,
      state: st.state,
      vectors: st.vectors,
      ...(st.meta ? { indexed: st.meta.count, builtAt: st.meta.builtAt, buildMs: st.meta.buildMs } : {}),
    };
  });
}

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
