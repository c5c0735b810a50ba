import { LRUCache } from 'lru-cache';
import type { Embedder } from './embedder.js';

/** Design numbers: 1,024 entries, 5 minutes. Memory is bounded by size, too. */
const MAX_ENTRIES = 1024;
const TTL_MS = 5 * 60 * 1000;
const MAX_BYTES = 8 * 1024 * 1024;

/** Wraps an embedder so repeated queries skip the model. */
export class CachedEmbedder implements Embedder {
  private readonly cache = new LRUCache<string, Float32Array>({
    max: MAX_ENTRIES,
    ttl: TTL_MS,
    maxSize: MAX_BYTES,
    sizeCalculation: (v, k) => v.byteLength + k.length * 2,
  });

  constructor(private readonly inner: Embedder) {}

  get id(): string {
    return this.inner.id;
  }
  get dims(): number {
    return this.inner.dims;
  }
  get thresholds(): Embedder['thresholds'] {
    return this.inner.thresholds;
  }
  get inline(): boolean {
    return this.inner.inline ?? false;
  }
  get size(): number {
    return this.cache.size;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const found = new Map<string, Float32Array>();
    for (const t of texts) {
      const v = this.cache.get(t);
      if (v) found.set(t, v);
    }
    const missing = [...new Set(texts.filter((t) => !found.has(t)))];
    if (missing.length) {
      const vs = await this.inner.embed(missing);
      missing.forEach((t, i) => {
        const v = vs[i];
        if (!v) return;
        found.set(t, v);
        this.cache.set(t, v);
      });
    }
    return texts.map((t) => found.get(t) ?? new Float32Array(this.inner.dims));
  }
}
