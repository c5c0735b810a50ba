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

/** v scaled to length 1; undefined for the zero vector (its cosine with anything is 0). */
export function unitOf(v: Float32Array): Float32Array | undefined {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += (v[i] ?? 0) ** 2;
  if (n === 0) return undefined;
  const s = 1 / Math.sqrt(n);
  return v.map((x) => x * s);
}

/** The cosine of two unitOf() vectors: one product a dimension instead of three. */
export function dot(a: Float32Array, b: Float32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += (a[i] ?? 0) * (b[i] ?? 0);
  return d;
}
