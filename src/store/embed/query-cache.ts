import type { LRUCache } from 'lru-cache';
import type { Embedder } from './embedder.js';
import { importLruCache } from '../../packages.js';

/** Design numbers: 1,024 entries, 5 minutes. Memory is bounded by size, too. */
const MAX_ENTRIES = 1024;
const TTL_MS = 5 * 60 * 1000;
const MAX_BYTES = 8 * 1024 * 1024;

async function newCache(): Promise<LRUCache<string, Float32Array>> {
  const { LRUCache } = await importLruCache();
  return new LRUCache<string, Float32Array>({
    max: MAX_ENTRIES,
    ttl: TTL_MS,
    maxSize: MAX_BYTES,
    sizeCalculation: (v, k) => v.byteLength + k.length * 2,
  });
}

/**
 * Wraps an embedder so repeated queries skip the model. An inline embedder
 * (the lexical vectors: microseconds a query) is not cached, and the cache
 * is made on the first query a model answers: a launch or a one-shot
 * query never loads lru-cache (~5 ms of a cold process).
 */
export class CachedEmbedder implements Embedder {
  private cache: LRUCache<string, Float32Array> | undefined;

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
  embedNow(text: string): Float32Array | undefined {
    return this.inner.embedNow?.(text);
  }
  get size(): number {
    return this.cache?.size ?? 0;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (this.inline) return this.inner.embed(texts);
    const cache = (this.cache ??= await newCache());
    const found = new Map<string, Float32Array>();
    for (const t of texts) {
      const v = cache.get(t);
      if (v) found.set(t, v);
    }
    const missing = [...new Set(texts.filter((t) => !found.has(t)))];
    if (missing.length) {
      const vs = await this.inner.embed(missing);
      missing.forEach((t, i) => {
        const v = vs[i];
        if (!v) return;
        found.set(t, v);
        cache.set(t, v);
      });
    }
    return texts.map((t) => found.get(t) ?? new Float32Array(this.inner.dims));
  }
}
