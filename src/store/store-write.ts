import { screenCandidate, type PreparedCandidate } from './write-decision.js';
import { changesMemory } from './apply-write.js';
import type { Statement } from '../text/statement.js';
import { BatchWriter } from './batch-writer.js';
import type { SubjectIndex } from './subject-index.js';
import { StoreReader } from './store-read.js';
import type { Candidate, WritePolicy, WriteResult } from './types.js';

/** A batch written in parts (MemoryStore.openBatch). */
export interface BatchWrite {
  /** Writes these candidates after the earlier parts; results in their order. `prepared`: per candidate, screened and embedded ahead. */
  add(cs: Candidate[], prepared?: Array<PreparedCandidate | undefined>): Promise<WriteResult[]>;
  /** Ends the batch: its vectors are stored and the transaction committed. */
  commit(): void;
  /** Ends the batch without keeping any of it. */
  abort(): void;
}

/** The write path: filters, redaction, dedup or insert, one transaction per batch. */
export class StoreWriter extends StoreReader {
  /**
   * The subject index a committed batch left, with the store's state then
   * (another connection's commits: data_version; this one's: total_changes).
   * The next batch takes it when nothing changed since, instead of reading
   * every current subject again: a write costs the same at 100 memories as
   * at 10,000. A batch that rolls back leaves none.
   */
  private kept?: { index: SubjectIndex; state: string };

  private storeState(): string {
    return `${String(this.db.pragma('data_version', { simple: true }))}:${String(this.db.prepare('SELECT total_changes()').pluck().get())}`;
  }

  /** The kept index, when nothing changed since it was kept; taken, so a batch that fails cannot leave it half-updated. */
  private takeSubjects(): SubjectIndex | undefined {
    const k = this.kept;
    this.kept = undefined;
    return k && k.state === this.storeState() ? k.index : undefined;
  }

  private keepSubjects(batch: BatchWriter): void {
    const index = batch.subjectIndex;
    this.kept = index ? { index, state: this.storeState() } : undefined;
  }

  /**
   * The one write path, shared by the distiller and `remember`. Filters, in
   * order: trivia, too short, low value, overlap with an existing memory;
   * then redaction; then dedup (hash, update, merge) or insert.
   */
  async write(c: Candidate, policy: WritePolicy, now = Date.now()): Promise<WriteResult> {
    const [r] = await this.writeMany([c], policy, now);
    if (!r) throw new Error('no write result');
    return r;
  }

  /**
   * Many candidates at once (a session's worth): embedded in one batch and
   * written in one IMMEDIATE transaction, which takes the write lock up
   * front so concurrent writers queue on busy_timeout instead of failing
   * mid-transaction. Each candidate sees the ones before it.
   */
  async writeMany(cs: Candidate[], policy: WritePolicy, now = Date.now(), opts: { dedup?: boolean } = {}): Promise<WriteResult[]> {
    if (cs.length) this.requireWritable();
    const prepared = await this.prepare(cs, policy);
    const results = this.run(() =>
      this.db
        .transaction((): { out: WriteResult[]; batch: BatchWriter } => {
          const batch = this.newBatch();
          const out = this.writePrepared(batch, cs, prepared, now, policy, opts.dedup ?? true);
          batch.flush();
          return { out, batch };
        })
        .immediate(),
    );
    this.keepSubjects(results.batch);
    if (results.out.some(changesMemory)) this.markChanged();
    return results.out;
  }

  /**
   * A batch handed over in parts, written as they come, in one IMMEDIATE
   * transaction: the same results as one writeMany of all the parts, for a
   * distiller that is still producing candidates while the first ones are
   * written. Each part is embedded inside the transaction, so this is for an
   * embedder as fast as the rows are written (Embedder.inline); a slower
   * one would hold the store's write lock while it computes.
   */
  openBatch(policy: WritePolicy, now = Date.now(), opts: { dedup?: boolean } = {}): BatchWrite {
    this.requireWritable();
    let batch: BatchWriter | undefined;
    let changed = false;
    let ended = false;
    return {
      add: async (cs, ahead) => {
        if (ended) throw new Error('the batch has ended');
        const prepared = await this.prepare(cs, policy, ahead);
        const out = this.run(() => {
          if (!batch) {
            this.db.exec('BEGIN IMMEDIATE');
            batch = this.newBatch();
          }
          return this.writePrepared(batch, cs, prepared, now, policy, opts.dedup ?? true);
        });
        if (out.some(changesMemory)) changed = true;
        return out;
      },
      commit: () => {
        if (ended) return;
        ended = true;
        if (!batch) return;
        const open = batch;
        this.run(() => {
          open.flush();
          this.db.exec('COMMIT');
        });
        this.keepSubjects(open);
        if (changed) this.markChanged();
      },
      abort: () => {
        if (ended) return;
        ended = true;
        if (batch && this.db.inTransaction) this.db.exec('ROLLBACK');
      },
    };
  }

  /**
   * Screens and embeds (outside any transaction): per candidate, its
   * screened form and vector. What was prepared ahead with this store's
   * embedder is taken as it is (the same screening, the same vector).
   */
  protected async prepare(
    cs: Candidate[],
    policy: WritePolicy,
    ahead: Array<PreparedCandidate | undefined> = [],
  ): Promise<{ screened: ReturnType<typeof screenCandidate>[]; vectorOf: Map<number, Float32Array | undefined>; statementOf: Map<number, Statement | null> }> {
    const usable = (i: number): PreparedCandidate | undefined => {
      const p = ahead[i];
      return p && p.embedderId === this.embedder.id && (!('text' in p.screened) || p.vector !== undefined) ? p : undefined;
    };
    const screened = cs.map((c, i) => usable(i)?.screened ?? screenCandidate(c, policy));
    const vectorOf = new Map<number, Float32Array | undefined>();
    // What the distiller found each screened text states, where it found it: not looked for again here.
    const statementOf = new Map<number, Statement | null>();
    const todo: number[] = [];
    screened.forEach((x, i) => {
      if (!('text' in x)) return;
      const st = usable(i)?.statement;
      if (st !== undefined) statementOf.set(i, st);
      const v = usable(i)?.vector;
      if (v) vectorOf.set(i, v);
      else todo.push(i);
    });
    const vectors = todo.length ? await this.embedder.embed(todo.map((i) => (screened[i] as { text: string }).text)) : [];
    todo.forEach((i, j) => vectorOf.set(i, vectors[j]));
    return { screened, vectorOf, statementOf };
  }

  /** One write transaction's state and its decisions (batch-writer.ts). */
  protected newBatch(): BatchWriter {
    const kept = this.takeSubjects();
    return new BatchWriter({ stmt: this.stmt, vectors: this.vectors, embedderId: this.embedder.id, displayId: (r) => this.displayId(r), parseId: (id) => this.parseId(id), rowsByIds: (ids) => this.rowsByIds(ids), embedNow: (t) => this.embedder.embedNow?.(t), ...(kept ? { subjects: kept } : {}) });
  }

  /** Writes prepared candidates in order; inside a transaction. */
  protected writePrepared(
    batch: BatchWriter,
    cs: Candidate[],
    p: Awaited<ReturnType<StoreWriter['prepare']>>,
    now: number,
    policy: WritePolicy,
    dedup: boolean,
  ): WriteResult[] {
    return cs.map((c, i) => {
      const x = p.screened[i];
      if (!x || !('text' in x)) return x ?? { action: 'filtered', reason: 'empty' };
      const vector = p.vectorOf.get(i);
      if (!vector) throw new Error('the embedder returned no vector');
      // The distiller's statement holds for the text it looked at: one that redaction left alone.
      const found = p.statementOf.has(i) ? p.statementOf.get(i) : c.statement !== undefined && c.text.trim() === x.text ? c.statement : undefined;
      return batch.write(c, x.text, x.hash, vector, now, policy, dedup, found);
    });
  }
}
