/** What `status` and `claude-mem index` say about each store's approximate vector index (store/ann.ts). */
import type { Stores } from '../store/index.js';
import type { AnnState } from '../store/ann-state.js';

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
