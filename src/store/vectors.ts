import type { Statement } from 'better-sqlite3';
import type { MemoryType } from './types.js';
import { AnnReader, buildAnnIndex, type AnnBuildResult } from './ann.js';
import { annState, type AnnMeta, type AnnState } from './ann-state.js';
import { cosine } from '../text/cosine.js';

export function vectorBlob(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

function blobVector(b: Buffer): Float32Array {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Float32Array(copy.buffer);
}


/** sqlite-vec's largest k for a KNN query. */
const VEC_MAX_K = 4096;
/** How many of the index's best candidates are scored with their float vectors. */
const RESCORED = 24;
/**
 * A type with at most this many memories is searched exactly, even in a
 * store with an approximate index. The index's graph holds every type, so
 * a rare one is found by asking it for 4, 16, then 64 times as many and
 * keeping that type's (then exactly, when still short). At 100k project
 * memories and 1,000 facts a cold fact search took 142-162 ms that way
 * (the index mapped, three widenings) and 30-33 ms exact, which reads
 * only the type's partition (migrations 011, 021): ~0.5 ms per 1,000
 * vectors warm, so this many cost ~2 ms.
 */
const EXACT_TYPE_MAX = 4096;

export interface Neighbour {
  memoryId: number;
  /** 1 − cosine distance. */
  similarity: number;
}

/**
 * The vec0 table of one store: one vector per memory, tagged with the
 * embedder that made it (vectors of another embedder are never compared)
 * and the memory's type (a KNN for facts skips every other vector).
 */
export class VectorIndex {
  constructor(
    private readonly stmt: (sql: string) => Statement,
    private readonly embedderId: () => string,
    /** The store's approximate index, where it has one (ann.ts); exact KNN otherwise. */
    private readonly ann?: AnnReader,
    /** A type with at most this many memories is searched exactly (EXACT_TYPE_MAX; a test lowers it to reach the graph). */
    private readonly exactTypeMax = EXACT_TYPE_MAX,
  ) {}

  insert(id: number, v: Float32Array, type: MemoryType): void {
    // vec0 wants its integer key as a BigInt through better-sqlite3.
    this.stmt('INSERT INTO memory_vectors (memory_id, embedding, embedder_id, memory_type) VALUES (?, ?, ?, ?)').run(
      BigInt(id),
      vectorBlob(v),
      this.embedderId(),
      type,
    );
  }

  remove(id: number): void {
    this.stmt('DELETE FROM memory_vectors WHERE memory_id = ?').run(BigInt(id));
  }

  replace(id: number, v: Float32Array, type: MemoryType): void {
    this.remove(id);
    this.insert(id, v, type);
  }

  /**
   * The k nearest of this embedder's vectors, optionally of one type: from
   * the approximate index when the store has a usable one, else exact.
   */
  nearest(v: Float32Array, k: number, type?: MemoryType, below?: number): Neighbour[] {
    if (type && this.ann && this.fewOfType(type)) return this.exact(v, k, type);
    return this.approximate(v, k, type, below) ?? this.exact(v, k, type);
  }

  /** Whether a type has at most exactTypeMax memories (counted through the type index, no further). */
  private fewOfType(type: MemoryType): boolean {
    const n = this.stmt('SELECT count(*) FROM (SELECT 1 FROM memories WHERE type = ? LIMIT ?)').pluck().get(type, this.exactTypeMax + 1) as number;
    return n <= this.exactTypeMax;
  }

  /**
   * The index's candidates plus every memory written since it was built.
   * Candidates that are gone (deleted) or of another type are dropped, and
   * the index asked for more (after three widenings: exact search). The
   * best RESCORED by the index's int8 cosine, and the newer ones, are then
   * scored with their float vectors. Undefined (go exact) without an index.
   * `below`: memories from that id on are left out (a batch being written
   * holds their vectors itself, batch-vectors.ts).
   */
  private approximate(v: Float32Array, k: number, type?: MemoryType, below = Number.MAX_SAFE_INTEGER): Neighbour[] | undefined {
    const cur = this.ann?.current();
    if (!cur || cur.meta.embedderId !== this.embedderId() || cur.meta.dims !== v.length) return undefined;
    const newer = this.stmt('SELECT id FROM memories WHERE id > ? AND id < ?').pluck().all(cur.meta.maxId, below) as number[];
    // A type filter is applied after the graph search: ask for more at once.
    for (let want = type ? k * 4 : k + 8, round = 0; round < 3; want *= 4, round++) {
      const proposed = AnnReader.search(cur.index, v, want);
      const types = this.typesOf(proposed.map((p) => p.id));
      const kept = proposed.filter((p) => types.has(p.id) && (!type || types.get(p.id) === type));
      // Fewer than asked from the index means it holds no more: what we have is all there is.
      if (kept.length < k && proposed.length >= want) continue;
      // The best few (and every newer memory) get their float cosine; the rest of a
      // large pool keeps the index's int8 one (off by ~0.01), which only orders the tail.
      const ranked = kept.slice(0, k + 8);
      const exact = this.entries([...new Set([...ranked.slice(0, RESCORED).map((p) => p.id), ...newer])]);
      const scored: Neighbour[] = [];
      for (const [id, e] of exact) {
        if (type && e.type !== type) continue;
        scored.push({ memoryId: id, similarity: cosine(v, e.vector) });
      }
      for (const p of ranked.slice(RESCORED)) if (!exact.has(p.id)) scored.push({ memoryId: p.id, similarity: p.similarity });
      scored.sort((a, b) => b.similarity - a.similarity);
      return scored.slice(0, k);
    }
    return undefined;
  }

  /** The type of each id that is still a memory (one query, not a vec0 lookup each). */
  private typesOf(ids: number[]): Map<number, MemoryType> {
    const rows = this.stmt('SELECT id, type FROM memories WHERE id IN (SELECT value FROM json_each(?))').raw().all(JSON.stringify(ids)) as Array<[number, MemoryType]>;
    return new Map(rows);
  }

  /** Exact KNN over this embedder's vectors, optionally of one type. */
  exact(v: Float32Array, k: number, type?: MemoryType): Neighbour[] {
    // sqlite-vec refuses a k over 4096; a search that wants more (a large --limit times the pool factor) gets the best 4096.
    k = Math.max(1, Math.min(Math.floor(k), VEC_MAX_K));
    const sql = `SELECT memory_id, distance FROM memory_vectors WHERE embedding MATCH ? AND k = ? AND embedder_id = ?${type ? ' AND memory_type = ?' : ''}`;
    const params: unknown[] = [vectorBlob(v), k, this.embedderId()];
    if (type) params.push(type);
    const rows = this.stmt(sql).all(...params) as Array<{ memory_id: number | bigint; distance: number }>;
    return rows.map((r) => ({ memoryId: Number(r.memory_id), similarity: 1 - r.distance }));
  }

  /** Whether the approximate index is used, due for a build, or not wanted (ann-state.ts). */
  annStatus(minVectors: number): { state: AnnState; vectors: number; meta?: AnnMeta } {
    const embedderId = this.embedderId();
    const vectors = this.stmt('SELECT COUNT(*) FROM memories WHERE embedder_id = ?').pluck().get(embedderId) as number;
    if (!this.ann) return { state: 'exact', vectors };
    const cur = this.ann.current();
    const meta = cur?.meta;
    const newer = meta ? (this.stmt('SELECT COUNT(*) FROM memories WHERE id > ? AND embedder_id = ?').pluck().get(meta.maxId, embedderId) as number) : 0;
    return { state: annState(meta, { memories: vectors, newer, embedderId, minVectors }), vectors, ...(meta ? { meta } : {}) };
  }

  /** Builds the approximate index now; undefined when the store has none (in memory, or turned off) or another build holds the lock. */
  buildAnn(): AnnBuildResult | undefined {
    if (!this.ann) return undefined;
    const built = buildAnnIndex(this.stmt, this.ann.storePath, this.embedderId());
    this.ann.invalidate();
    return built;
  }

  byIds(ids: number[]): Map<number, Float32Array> {
    const out = new Map<number, Float32Array>();
    for (const [id, e] of this.entries(ids)) out.set(id, e.vector);
    return out;
  }

  /** This embedder's vector and the memory type, per id that has them. */
  private entries(ids: number[]): Map<number, { vector: Float32Array; type: MemoryType }> {
    const out = new Map<number, { vector: Float32Array; type: MemoryType }>();
    // One primary-key lookup each: vec0 does not plan `IN (…)` and scans
    // instead, which costs ~10× more at 100k vectors.
    const byId = this.stmt('SELECT embedding, embedder_id, memory_type FROM memory_vectors WHERE memory_id = ?');
    const current = this.embedderId();
    for (const id of ids) {
      const r = byId.get(BigInt(id)) as { embedding: Buffer; embedder_id: string; memory_type: MemoryType } | undefined;
      if (r && r.embedder_id === current) out.set(id, { vector: blobVector(r.embedding), type: r.memory_type });
    }
    return out;
  }
}
