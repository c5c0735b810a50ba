/** Every vector in the store has this many dimensions (the vec0 column). */
export const VECTOR_DIMS = 384;

/**
 * Similarity thresholds belong to the embedder they were calibrated on:
 * a lexical vector's cosine and a sentence model's cosine live on
 * different scales. See docs/thresholds.md for how each set was found.
 */
export interface Thresholds {
  /** At or above: the candidate updates the existing memory. */
  update: number;
  /** From here up to `update`: appended to the existing memory's supplement. */
  merge: number;
  /** Below this a fact is not injected. */
  retrieval: number;
}

export interface Embedder {
  /** Stored with each vector, so a change of embedder is detected. */
  readonly id: string;
  readonly dims: number;
  readonly thresholds: Thresholds;
  /**
   * Computes vectors in the caller's thread about as fast as rows are
   * written (the lexical vectors): a batch may then embed its parts inside
   * its transaction (MemoryStore.openBatch) without holding the write lock
   * for long. A model is not.
   */
  readonly inline?: boolean;
  embed(texts: string[]): Promise<Float32Array[]>;
  /** An inline embedder's vector, computed now (for a text a write transaction makes itself). */
  embedNow?(text: string): Float32Array | undefined;
}

export { cosine } from '../../text/cosine.js';

export function normalize(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  if (n === 0) return v;
  const s = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i] = (v[i] ?? 0) * s;
  return v;
}
