/** Cosine similarity of two vectors; 0 when either is all zeros. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * v scaled to length 1 (v itself when it already is: the embedders
 * normalise); undefined for the zero vector (its cosine with anything is 0).
 */
export function unitOf(v: Float32Array): Float32Array | undefined {
  const n = dot(v, v);
  if (n === 0) return undefined;
  if (Math.abs(n - 1) < 1e-6) return v;
  const s = 1 / Math.sqrt(n);
  return v.map((x) => x * s);
}

/**
 * The dot product; for two unitOf() vectors, their cosine. Four sums side
 * by side: V8 then keeps four multiply-adds in flight instead of waiting on
 * one (1.5× over the plain loop at 384 dimensions). Dedup KNNs of a long
 * session run hundreds of thousands of these.
 */
export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  let d3 = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    d0 += (a[i] as number) * (b[i] as number);
    d1 += (a[i + 1] as number) * (b[i + 1] as number);
    d2 += (a[i + 2] as number) * (b[i + 2] as number);
    d3 += (a[i + 3] as number) * (b[i + 3] as number);
  }
  for (; i < n; i++) d0 += (a[i] as number) * (b[i] as number);
  return d0 + d1 + d2 + d3;
}

/** A vector's nonzero cells: positions and values. */
export interface SparseVector {
  at: Uint16Array;
  values: Float32Array;
}

/**
 * v's nonzero cells, when they are under a quarter of it (the built-in
 * lexical vectors: ~50 of 384); undefined for a dense vector (a sentence
 * model's), whose dot product stays the plain one.
 */
export function sparseOf(v: Float32Array): SparseVector | undefined {
  let n = 0;
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) n++;
  if (n * 4 >= v.length || v.length > 0x10000) return undefined;
  const at = new Uint16Array(n);
  const values = new Float32Array(n);
  for (let i = 0, k = 0; i < v.length; i++) {
    const x = v[i] as number;
    if (x !== 0) {
      at[k] = i;
      values[k++] = x;
    }
  }
  return { at, values };
}

/** dot(dense, s) read from s's cells only. */
export function dotSparse(dense: Float32Array, s: SparseVector): number {
  const { at, values } = s;
  let d = 0;
  for (let k = 0; k < at.length; k++) d += (values[k] as number) * (dense[at[k] as number] ?? 0);
  return d;
}
