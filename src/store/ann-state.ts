/**
 * When a store's approximate vector index (ann.ts) is used, and when it is
 * rebuilt. Pure: the figures come from the store and the index's meta file.
 */


/**
 * Memories written after the index was built are found by an exact scan of
 * those ids alone (one point lookup each, ~12 µs); past this many the index
 * is rebuilt, so the scan stays under a few milliseconds.
 */
export const ANN_MAX_NEWER = 500;

/** Past this share of the indexed memories deleted, the index is rebuilt (it proposes ids that are gone). */
export const ANN_MAX_GONE = 0.1;

/** What sits beside a store: `<store>.ann` (usearch's file) and `<store>.ann.json`. */
export interface AnnMeta {
  version: 1;
  embedderId: string;
  dims: number;
  /** Vectors in the index. */
  count: number;
  /** The highest memory id in the index: newer ids are scanned exactly. */
  maxId: number;
  builtAt: number;
  buildMs: number;
}

export interface AnnFigures {
  /** The store's memories now. */
  memories: number;
  /** Memories with an id above the index's maxId. */
  newer: number;
  embedderId: string;
  /** store.ann_min_vectors; 0 turns the index off. */
  minVectors: number;
}

export type AnnState =
  /** Turned off by config, or the store is too small: exact search. */
  | 'exact'
  /** Large enough, no usable index yet: exact search until one is built. */
  | 'missing'
  /** In use. */
  | 'fresh'
  /** In use (newer memories scanned exactly), but due for a rebuild. */
  | 'stale';

export function annState(meta: AnnMeta | undefined, f: AnnFigures): AnnState {
  if (f.minVectors <= 0) return 'exact';
  const usable = meta !== undefined && meta.version === 1 && meta.embedderId === f.embedderId;
  if (!usable) return f.memories >= f.minVectors ? 'missing' : 'exact';
  const gone = meta.count - (f.memories - f.newer);
  if (f.newer > ANN_MAX_NEWER || gone > meta.count * ANN_MAX_GONE) return 'stale';
  return 'fresh';
}

/** True when a build is worth starting now. */
export function annWanted(state: AnnState, memories: number, minVectors: number): boolean {
  return (state === 'missing' || state === 'stale') && minVectors > 0 && memories >= minVectors;
}

export function parseAnnMeta(text: string): AnnMeta | undefined {
  try {
    const m = JSON.parse(text) as Partial<AnnMeta>;
    if (m.version !== 1 || typeof m.embedderId !== 'string' || typeof m.dims !== 'number' || typeof m.count !== 'number' || typeof m.maxId !== 'number') return undefined;
    return { version: 1, embedderId: m.embedderId, dims: m.dims, count: m.count, maxId: m.maxId, builtAt: Number(m.builtAt ?? 0), buildMs: Number(m.buildMs ?? 0) };
  } catch {
    return undefined;
  }
}
