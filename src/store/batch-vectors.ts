import type { Index } from 'usearch';
import { usearchModule } from './ann.js';
import type { Neighbour, VectorIndex } from './vectors.js';
import type { MemoryType } from './types.js';
import { dot, dotSparse, sparseOf, unitOf, type SparseVector } from '../text/cosine.js';

/**
 * The vectors of one batch write (a session's worth), held in memory until
 * the batch ends. Each candidate is deduplicated against the store as it
 * was before the batch (one KNN there, of fixed size) and against the
 * batch so far, here. Written into the store's vector table one by one, the
 * batch made every later KNN longer: a one-hour log of 9,000 candidates
 * spent 22 of its 37 s in them.
 *
 * Up to EXACT_UP_TO vectors the batch is scanned exactly; past that an HNSW
 * graph in memory (usearch, int8 cells) proposes four times the neighbours asked
 * and the float vectors score them, where usearch loads; an exact scan
 * otherwise.
 */
export const EXACT_UP_TO = 512;
/** Vectors copied into one add when the graph is built (4096 × 384 floats: 6 MB). */
export const GRAPH_CHUNK = 4096;

interface Entry {
  vector: Float32Array;
  /** The vector at unit length (the same array when it already is): its cosine with a unit vector is one dot product. */
  unit: Float32Array;
  /**
   * The unit vector's nonzero cells when it is sparse (the lexical vectors:
   * ~50 of 384). Every candidate of a batch is scored against those before
   * it; read from these cells a score is a third of the work (a one-hour log
   * of 9,000 distinct candidates: ~400k scores).
   */
  sparse: SparseVector | undefined;
  type: MemoryType;
  /** A memory from before the batch whose vector the batch replaced. */
  replaces: boolean;
}

/** The cosine of a unit vector with an entry's. */
const similarityOf = (u: Float32Array, e: Entry): number => (e.sparse ? dotSparse(u, e.sparse) : dot(u, e.unit));

export class BatchVectors {
  private readonly pending = new Map<number, Entry>();
  private replacedBefore = 0;
  private graph: Index | undefined;
  private graphFailed = false;

  /** `firstNewId`: the id the batch's first new memory gets; older ones are the store's. */
  constructor(
    private readonly base: VectorIndex,
    private readonly firstNewId: number,
  ) {}

  /** A memory's vector: the batch's own if it wrote one, else the store's. */
  vectorOf(id: number): Float32Array | undefined {
    return this.pending.get(id)?.vector ?? this.base.byIds([id]).get(id);
  }

  insert(id: number, v: Float32Array, type: MemoryType): void {
    this.put(id, v, type, false);
  }

  replace(id: number, v: Float32Array, type: MemoryType): void {
    const had = this.pending.get(id);
    const replaces = had ? had.replaces : id < this.firstNewId;
    if (replaces && !had) this.replacedBefore++;
    this.put(id, v, type, replaces);
  }

  /** The k nearest of the store before the batch and of the batch, best first. */
  nearest(v: Float32Array, k: number): Neighbour[] {
    // A replaced memory's old vector is still in the store: ask for that many more (up to 4k:
    // a KNN's k is bounded, and a batch may update hundreds) and drop them.
    const extra = Math.min(this.replacedBefore, 4 * k);
    // A store that held nothing before the batch (its first session) has nothing to search there.
    const before = this.firstNewId > 1 ? this.base.nearest(v, k + extra, undefined, this.firstNewId).filter((n) => !this.pending.has(n.memoryId)) : [];
    return [...before, ...this.nearestPending(v, k)].sort((a, b) => b.similarity - a.similarity).slice(0, k);
  }

  /** Writes the batch's vectors into the store; call once, at the end of the batch's transaction. */
  flush(): void {
    for (const [id, e] of this.pending) {
      if (e.replaces) this.base.replace(id, e.vector, e.type);
      else this.base.insert(id, e.vector, e.type);
    }
    this.pending.clear();
  }

  private put(id: number, v: Float32Array, type: MemoryType, replaces: boolean): void {
    if (this.graph && this.pending.has(id)) this.graph.remove(BigInt(id));
    // A zero vector stays zeros: its dot with anything is 0, as its cosine.
    const unit = unitOf(v) ?? v;
    this.pending.set(id, { vector: v, unit, sparse: sparseOf(unit), type, replaces });
    if (this.graph) this.graph.add(BigInt(id), v, 1);
  }

  private nearestPending(v: Float32Array, k: number): Neighbour[] {
    const u = unitOf(v) ?? v;
    // The graph is built when first searched: a batch whose every candidate
    // was decided by its subject (subject-decision.ts) never asks for
    // neighbours, and kept up from the start its adds were ~0.6 s of a
    // one-hour log's main thread.
    if (!this.graph && this.pending.size > EXACT_UP_TO && !this.graphFailed) this.buildGraph(v.length);
    if (this.graph) {
      // The graph proposes (int8 cells), the float vectors decide: dedup thresholds need exact similarities.
      const m = this.graph.search(v, k * 4, 1);
      const out: Neighbour[] = [];
      for (const key of m.keys) {
        const e = this.pending.get(Number(key));
        if (e) out.push({ memoryId: Number(key), similarity: similarityOf(u, e) });
      }
      return out.sort((a, b) => b.similarity - a.similarity).slice(0, k);
    }
    // The best k as they come (ties keep the earlier), not a sort of all of them per candidate.
    const best: Neighbour[] = [];
    for (const [id, e] of this.pending) {
      const similarity = similarityOf(u, e);
      if (best.length === k && similarity <= (best[k - 1]?.similarity ?? -Infinity)) continue;
      let at = best.length;
      while (at > 0 && (best[at - 1]?.similarity ?? Infinity) < similarity) at--;
      best.splice(at, 0, { memoryId: id, similarity });
      if (best.length > k) best.pop();
    }
    return best;
  }

  private buildGraph(dims: number): void {
    const u = usearchModule();
    if (!u) {
      this.graphFailed = true;
      return;
    }
    const graph = new u.Index({ dimensions: dims, metric: u.MetricKind.Cos, quantization: u.ScalarKind.I8, connectivity: 8, expansion_add: 32, expansion_search: 32, multi: false });
    // Built when first searched, the batch may already hold thousands: they
    // go in GRAPH_CHUNK at a time, so the copy beside them stays small.
    // One thread: a graph built by several differs from run to run (and on a
    // loaded machine missed a restatement now and then).
    const entries = [...this.pending];
    for (let from = 0; from < entries.length; from += GRAPH_CHUNK) {
      const part = entries.slice(from, from + GRAPH_CHUNK);
      const keys = new BigUint64Array(part.length);
      const matrix = new Float32Array(part.length * dims);
      part.forEach(([id, e], i) => {
        keys[i] = BigInt(id);
        matrix.set(e.vector, i * dims);
      });
      graph.add(keys, matrix, 1);
    }
    this.graph = graph;
  }
}
