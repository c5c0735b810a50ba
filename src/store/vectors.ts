import type { Statement } from 'better-sqlite3';
import type { MemoryType } from './types.js';

export function vectorBlob(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

function blobVector(b: Buffer): Float32Array {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Float32Array(copy.buffer);
}

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

  /** Exact KNN over this embedder's vectors, optionally of one type. */
  nearest(v: Float32Array, k: number, type?: MemoryType): Neighbour[] {
    const sql = `SELECT memory_id, distance FROM memory_vectors WHERE embedding MATCH ? AND k = ? AND embedder_id = ?${type ? ' AND memory_type = ?' : ''}`;
    const params: unknown[] = [vectorBlob(v), k, this.embedderId()];
    if (type) params.push(type);
    const rows = this.stmt(sql).all(...params) as Array<{ memory_id: number | bigint; distance: number }>;
    return rows.map((r) => ({ memoryId: Number(r.memory_id), similarity: 1 - r.distance }));
  }

  byIds(ids: number[]): Map<number, Float32Array> {
    const out = new Map<number, Float32Array>();
    // One primary-key lookup each: vec0 does not plan `IN (…)` and scans
    // instead, which costs ~10× more at 100k vectors.
    const byId = this.stmt('SELECT embedding, embedder_id FROM memory_vectors WHERE memory_id = ?');
    const current = this.embedderId();
    for (const id of ids) {
      const r = byId.get(BigInt(id)) as { embedding: Buffer; embedder_id: string } | undefined;
      if (r && r.embedder_id === current) out.set(id, blobVector(r.embedding));
    }
    return out;
  }
}
