import type { Index } from 'usearch';
import { cosine } from '../text/cosine.js';
import { usearchModule } from './ann.js';
import type { Neighbour, VectorIndex } from './vectors.js';
import type { MemoryType } from './types.js';

/**
 * The vectors of one batch write (a session's worth), held in memory until
 * the batch ends. Each candidate is deduplicated against the store as it
 * was before the batch (one KNN there, of fixed size) and against the
 * batch so far, here. Written into the store's vector table one by one, the
 * batch made every later KNN longer: a one-hour log of 9,000 candidates
 * spent 22 of its 37 s in them.
 *
 * Up to EXACT_UP_TO vectors the batch is scanned exactly. A larger batch
 * whose candidates are all known up front is planned (plan()): one HNSW
 * graph of every candidate vector, built and searched in bulk on every
 * core, gives each candidate its PLANNED_K nearest candidates; when it
 * comes to dedup, those that went before it stand for the memory they
 * ended in (inserted, updated, merged into, a duplicate of), scored by
 * that memory's vector now. A graph grown one candidate at a time (and
 * searched once per candidate) is the fallback; an exact scan where usearch
 * does not load.
 */
export const EXACT_UP_TO = 512;
/**
 * Candidates asked of the plan per candidate: four times the neighbours a
 * dedup looks at, since later candidates and ones filtered out are skipped.
 */
const PLANNED_K = 32;

interface Entry {
  vector: Float32Array;
  type: MemoryType;
  /** A memory from before the batch whose vector the batch replaced. */
  replaces: boolean;
}

interface Plan {
  /** Row i*k.. of the bulk search: candidate i's nearest candidates, by slot. */
  keys: BigUint64Array;
  counts: BigUint64Array;
  k: number;
  /** The memory each candidate ended in, once it has been decided. */
  memoryOf: Array<number | undefined>;
  /** The candidate being decided now (at()). */
  slot: number | undefined;
}

export class BatchVectors {
  private readonly pending = new Map<number, Entry>();
  private replacedBefore = 0;
  private graph: Index | undefined;
  private graphFailed = false;
  private plan_: Plan | undefined;

  /** `firstNewId`: the id the batch's first new memory gets; older ones are the store's. */
  constructor(
    private readonly base: VectorIndex,
    private readonly firstNewId: number,
  ) {}

  /**
   * Every candidate vector of the batch, in order, before the first is
   * decided; at(i) then names the one being decided. A batch at or under
   * EXACT_UP_TO, or without usearch, is not planned.
   */
  plan(vectors: Float32Array[]): void {
    const first = vectors[0];
    if (vectors.length <= EXACT_UP_TO || !first) return;
    const graph = this.newGraph(first.length);
    if (!graph) return;
    const dims = first.length;
    const matrix = new Float32Array(vectors.length * dims);
    vectors.forEach((v, i) => matrix.set(v, i * dims));
    graph.add(BigUint64Array.from(vectors, (_, i) => BigInt(i)), matrix);
    const k = Math.min(vectors.length, PLANNED_K + 1);
    const found = graph.search(matrix, k, 0) as unknown as { keys: BigUint64Array; counts: BigUint64Array };
    this.plan_ = { keys: found.keys, counts: found.counts, k, memoryOf: [], slot: undefined };
  }

  /** The planned candidate (its index in plan()'s vectors) whose dedup comes next. */
  at(slot: number | undefined): void {
    if (this.plan_) this.plan_.slot = slot;
  }

  /** Where the current candidate went when it added no vector of its own (merged into, a duplicate of). */
  settle(memoryId: number): void {
    const plan = this.plan_;
    if (plan?.slot !== undefined) plan.memoryOf[plan.slot] = memoryId;
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
    const before = this.base.nearest(v, k + extra, undefined, this.firstNewId).filter((n) => !this.pending.has(n.memoryId));
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
    this.settle(id);
    if (this.graph && this.pending.has(id)) this.graph.remove(BigInt(id));
    this.pending.set(id, { vector: v, type, replaces });
    if (this.graph) this.graph.add(BigInt(id), v, 1);
    else if (!this.plan_ && this.pending.size > EXACT_UP_TO && !this.graphFailed) this.buildGraph(v.length);
  }

  private nearestPending(v: Float32Array, k: number): Neighbour[] {
    const slot = this.plan_?.slot;
    if (this.plan_ && slot !== undefined) return this.nearestPlanned(this.plan_, slot, v, k);
    if (this.graph) {
      // The graph proposes (int8 cells), the float vectors decide: dedup thresholds need exact similarities.
      const m = this.graph.search(v, k * 2, 1);
      const out: Neighbour[] = [];
      for (const key of m.keys) {
        const e = this.pending.get(Number(key));
        if (e) out.push({ memoryId: Number(key), similarity: cosine(v, e.vector) });
      }
      return out.sort((a, b) => b.similarity - a.similarity).slice(0, k);
    }
    const all: Neighbour[] = [];
    for (const [id, e] of this.pending) all.push({ memoryId: id, similarity: cosine(v, e.vector) });
    return all.sort((a, b) => b.similarity - a.similarity).slice(0, k);
  }

  private nearestPlanned(plan: Plan, slot: number, v: Float32Array, k: number): Neighbour[] {
    const out: Neighbour[] = [];
    const seen = new Set<number>();
    const count = Number(plan.counts[slot] ?? 0n);
    for (let j = 0; j < count; j++) {
      const other = Number(plan.keys[slot * plan.k + j]);
      // Itself, one not decided yet, or one filtered out: nothing to fold into.
      const id = other === slot ? undefined : plan.memoryOf[other];
      if (id === undefined || seen.has(id)) continue;
      seen.add(id);
      // A memory from before the batch that the batch left as it was: the store's KNN has it.
      const e = this.pending.get(id);
      if (e) out.push({ memoryId: id, similarity: cosine(v, e.vector) });
    }
    return out.sort((a, b) => b.similarity - a.similarity).slice(0, k);
  }

  private newGraph(dims: number): Index | undefined {
    const u = usearchModule();
    return u
      ? new u.Index({ dimensions: dims, metric: u.MetricKind.Cos, quantization: u.ScalarKind.I8, connectivity: 8, expansion_add: 32, expansion_search: 32, multi: false })
      : undefined;
  }

  private buildGraph(dims: number): void {
    const graph = this.newGraph(dims);
    if (!graph) {
      this.graphFailed = true;
      return;
    }
    const keys = new BigUint64Array(this.pending.size);
    const matrix = new Float32Array(this.pending.size * dims);
    let i = 0;
    for (const [id, e] of this.pending) {
      keys[i] = BigInt(id);
      matrix.set(e.vector, i * dims);
      i++;
    }
    graph.add(keys, matrix);
    this.graph = graph;
  }
}
