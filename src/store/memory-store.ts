import type { DB, StoreAccess } from './db.js';
import { StoreError } from '../errors.js';
import { statementCache } from './statements.js';
import { guarded } from './db.js';
import type { Embedder } from './embed/embedder.js';
import { displayId, parseDisplayId, passesFilter, toMemory, type MemoryRow } from './rows.js';
import { VectorIndex } from './vectors.js';
import type { AnnReader, AnnBuildResult } from './ann.js';
import type { AnnMeta, AnnState } from './ann-state.js';
import { hybridSearch } from './search.js';
import { screenCandidate, type PreparedCandidate } from './write-decision.js';
import { applyDecision, changesMemory } from './apply-write.js';
import { statementOf, type Statement } from '../text/statement.js';
import { BatchWriter } from './batch-writer.js';
import type { Candidate, Hit, Memory, MemoryType, SearchFilter, SearchOptions, StoreScope, WritePolicy, WriteResult } from './types.js';

export { contentHash, capSupplement, MAX_SUPPLEMENT_CHARS } from './write-decision.js';

/** A batch written in parts (MemoryStore.openBatch). */
export interface BatchWrite {
  /** Writes these candidates after the earlier parts; results in their order. `prepared`: per candidate, screened and embedded ahead. */
  add(cs: Candidate[], prepared?: Array<PreparedCandidate | undefined>): Promise<WriteResult[]>;
  /** Ends the batch: its vectors are stored and the transaction committed. */
  commit(): void;
  /** Ends the batch without keeping any of it. */
  abort(): void;
}

/** Heat at or above this keeps an old memory from being archived. */
export const HOT_HEAT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One SQLite store (the project's or the user's). It is handed its
 * connection and embedder; it never decides file paths.
 */
export class MemoryStore {
  constructor(
    readonly db: DB,
    readonly embedder: Embedder,
    readonly scope: StoreScope,
    readonly path: string,
    readonly busyTimeoutMs?: number,
    /** The approximate vector index beside the store file (none in memory, or when turned off). */
    ann?: AnnReader,
  ) {
    this.stmt = statementCache(db);
    this.vectors = new VectorIndex(this.stmt, () => this.embedder.id, ann);
  }

  private readonly stmt: ReturnType<typeof statementCache>;
  private readonly vectors: VectorIndex;
  /**
   * Called after every committed change of content (see version.ts); not
   * for heat, which only reorders. Set by whoever opened the store.
   */
  onChange: () => void = () => undefined;

  /** How the store was opened (see openStore): only 'read-write' takes writes. */
  access: StoreAccess = 'read-write';
  /** True when this open created the store file. */
  created = false;

  get writable(): boolean {
    return this.access === 'read-write';
  }

  /** Writes the user asked for fail with one clear line on a store that cannot take them. */
  private requireWritable(): void {
    if (this.writable) return;
    if (this.access === 'full') throw new StoreError(`the disk holding ${this.path} is full. Free some space, then retry; nothing was written.`, 'full');
    throw new StoreError(
      this.access === 'snapshot'
        ? `the ${this.scope} store ${this.path} is read-only here (its folder cannot be written): nothing was changed. Make the folder writable, or use a global memory (--type global) for now.`
        : `the ${this.scope} store ${this.path} cannot be created (its folder is read-only): nothing was written. Make the folder writable, or use a global memory (--type global) for now.`,
      'readonly',
    );
  }

  private markChanged(): void {
    this.onChange();
  }

  private displayId(rowid: number): string {
    return displayId(this.scope, rowid);
  }

  /** Accepts "12" for the project store and "g12" for the user store. */
  parseId(id: string): number | undefined {
    return parseDisplayId(this.scope, id);
  }

  private toMemory(r: MemoryRow): Memory {
    return toMemory(this.scope, r);
  }

  private run<T>(fn: () => T): T {
    return guarded(this.path, fn, this.busyTimeoutMs);
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
        .transaction((): WriteResult[] => {
          const batch = this.newBatch();
          const out = this.writePrepared(batch, cs, prepared, now, policy, opts.dedup ?? true);
          batch.flush();
          return out;
        })
        .immediate(),
    );
    if (results.some(changesMemory)) this.markChanged();
    return results;
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
  private async prepare(
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
  private newBatch(): BatchWriter {
    return new BatchWriter({ stmt: this.stmt, vectors: this.vectors, embedderId: this.embedder.id, displayId: (r) => this.displayId(r), parseId: (id) => this.parseId(id), rowsByIds: (ids) => this.rowsByIds(ids) });
  }

  /** Writes prepared candidates in order; inside a transaction. */
  private writePrepared(
    batch: BatchWriter,
    cs: Candidate[],
    p: Awaited<ReturnType<MemoryStore['prepare']>>,
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

  private rowsByIds(ids: number[]): Map<number, MemoryRow> {
    const out = new Map<number, MemoryRow>();
    if (ids.length === 0) return out;
    const rows = this.stmt(`SELECT * FROM memories WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as MemoryRow[];
    for (const r of rows) out.set(r.id, r);
    return out;
  }

  vectorsByIds(ids: number[]): Map<number, Float32Array> {
    return ids.length ? this.run(() => this.vectors.byIds(ids)) : new Map();
  }

  /** Hybrid search: FTS5 bm25 and vector cosine, fused (see rank.ts). */
  async search(query: string, opts: SearchOptions, queryVector?: Float32Array): Promise<Hit[]> {
    const v = opts.lexicalOnly ? undefined : (queryVector ?? (await this.embedder.embed([query]))[0]);
    return this.run(() => hybridSearch({ stmt: this.stmt, vectors: this.vectors, scope: this.scope, rowsByIds: (ids) => this.rowsByIds(ids) }, query, v, opts));
  }

  list(f: SearchFilter & { limit?: number }): Memory[] {
    return this.run(() => {
      const rows = this.stmt('SELECT * FROM memories ORDER BY created_at, id').all() as MemoryRow[];
      const out = rows.filter((r) => passesFilter(r, f)).map((r) => this.toMemory(r));
      return f.limit ? out.slice(-f.limit) : out;
    });
  }

  /**
   * Active memories of one type for injection, hottest and most recently
   * used first, optionally only those bound to one of `dirs`. Capped: a
   * 1,500-token block holds tens of memories, so thousands need not load.
   * `stateOnly`: only those that are the current value of a subject.
   */
  hottest(type: MemoryType, limit: number, dirs?: string[], o: { stateOnly?: boolean } = {}): Memory[] {
    if (o.stateOnly) return this.currentValues(type, limit, dirs);
    return this.run(() => {
      const rows = (
        dirs
          ? this.stmt(
                `SELECT * FROM memories WHERE type = ? AND status = 'active' AND dir IN (SELECT value FROM json_each(?))
                 ORDER BY heat DESC, last_accessed_at DESC, id DESC LIMIT ?`,
              )
              .all(type, JSON.stringify(dirs), limit)
          : this.stmt(`SELECT * FROM memories WHERE type = ? AND status = 'active' ORDER BY heat DESC, last_accessed_at DESC, id DESC LIMIT ?`)
              .all(type, limit)
      ) as MemoryRow[];
      return rows.map((r) => this.toMemory(r));
    });
  }

  /**
   * The current values of subjects, hottest first. Read through the subject
   * index (few rows) and ordered here: ordered by heat in SQL, a store of
   * 10k facts with a handful of subjects was scanned whole on every rebuilt launch.
   */
  private currentValues(type: MemoryType, limit: number, dirs?: string[]): Memory[] {
    return this.run(() => {
      const rows = this.stmt(`SELECT * FROM memories INDEXED BY memories_subject WHERE subject_key IS NOT NULL AND type = ? AND status = 'active'`).all(type) as MemoryRow[];
      const within = dirs ? new Set(dirs) : undefined;
      return rows
        .filter((r) => !within || within.has(r.dir))
        .sort((a, b) => b.heat - a.heat || b.last_accessed_at - a.last_accessed_at || b.id - a.id)
        .slice(0, limit)
        .map((r) => this.toMemory(r));
    });
  }

  get(rowid: number): Memory | undefined {
    return this.run(() => {
      const r = this.stmt('SELECT * FROM memories WHERE id = ?').get(rowid) as MemoryRow | undefined;
      return r ? this.toMemory(r) : undefined;
    });
  }

  /** Really deletes: the row, its FTS entry and its vector. */
  forget(rowid: number): boolean {
    this.requireWritable();
    const deleted = this.run(() =>
      this.db
        .transaction(() => {
          const info = this.stmt('DELETE FROM memories WHERE id = ?').run(rowid);
          this.stmt('UPDATE id_floor SET v = MAX(v, ?)').run(rowid);
          this.stmt('DELETE FROM memories_fts WHERE rowid = ?').run(rowid);
          this.vectors.remove(rowid);
          return info.changes > 0;
        })
        .immediate(),
    );
    // After the commit: a reader of the new version must see the deletion.
    if (deleted) {
      this.markChanged();
      // The WAL still holds the pages as they were written; a truncating
      // checkpoint moves the zeroed pages into the file and empties it.
      this.run(() => this.db.pragma('wal_checkpoint(TRUNCATE)'));
    }
    return deleted;
  }

  /**
   * A person's correction of a memory's text (an edited note): filtered for
   * trivia, redacted and embedded like any write, then written over the old
   * text; its id, type, dates and source stay. Refused as a duplicate when
   * another memory already says exactly that.
   */
  async edit(rowid: number, text: string, policy: WritePolicy, now = Date.now()): Promise<WriteResult> {
    this.requireWritable();
    const m = this.get(rowid);
    if (!m) return { action: 'filtered', reason: 'empty' };
    const c: Candidate = { type: m.type, text, dir: m.dir, agent: m.agent, explicit: true };
    const screened = screenCandidate(c, policy);
    if (!('text' in screened)) return screened;
    const [vector] = await this.embedder.embed([screened.text]);
    if (!vector) throw new Error('the embedder returned no vector');
    const r = this.run(() =>
      this.db
        .transaction((): WriteResult => {
          const same = this.stmt('SELECT id FROM memories WHERE content_hash = ?').get(screened.hash) as { id: number } | undefined;
          if (same) return { action: 'duplicate', id: this.displayId(same.id), similarity: 1 };
          const target = { id: rowid, type: m.type, text: m.text, supplement: m.supplement, similarity: 1 };
          // A value the person wrote is the memory's value now.
          const statement = statementOf(screened.text);
          const w = { text: screened.text, hash: screened.hash, vector, now, ...(statement?.value ? { statement } : {}) };
          const written = applyDecision({ stmt: this.stmt, vectors: this.vectors, embedderId: this.embedder.id, displayId: (x) => this.displayId(x) }, c, w, { kind: 'update', target });
          // A person wrote this text: it counts as reviewed.
          if (written.action === 'updated') this.stmt('UPDATE memories SET reviewed_at = ? WHERE id = ?').run(now, rowid);
          return written;
        })
        .immediate(),
    );
    if (r.action === 'updated') this.markChanged();
    return r;
  }

  /** Active memories no person has reviewed yet, oldest first. */
  pendingReview(): Memory[] {
    return this.run(() => (this.stmt("SELECT * FROM memories WHERE status = 'active' AND reviewed_at IS NULL ORDER BY created_at, id").all() as MemoryRow[]).map((r) => this.toMemory(r)));
  }

  pendingReviewCount(): number {
    return this.run(() => this.stmt("SELECT COUNT(*) FROM memories WHERE status = 'active' AND reviewed_at IS NULL").pluck().get() as number);
  }

  /** A person accepted it (or wrote it): from now on dedup only adds supplements to it. */
  markReviewed(rowid: number, now = Date.now()): boolean {
    this.requireWritable();
    return this.run(() => this.stmt('UPDATE memories SET reviewed_at = ? WHERE id = ?').run(now, rowid).changes > 0);
  }

  /** Project ↔ fact within this store (global lives in the user store: see DirectoryMemory.retype). */
  retype(rowid: number, type: MemoryType, now = Date.now()): boolean {
    this.requireWritable();
    const changed = this.run(() =>
      this.db
        .transaction(() => {
          if (this.stmt('UPDATE memories SET type = ?, reviewed_at = ? WHERE id = ?').run(type, now, rowid).changes === 0) return false;
          // The vector carries the type too (a KNN for facts skips the others).
          const v = this.vectors.byIds([rowid]).get(rowid);
          if (v) this.vectors.replace(rowid, v, type);
          return true;
        })
        .immediate(),
    );
    if (changed) this.markChanged();
    return changed;
  }

  /** Kept, no longer handed to CLIs (shown with --archived). */
  archive(rowid: number): boolean {
    this.requireWritable();
    const changed = this.run(() => this.stmt("UPDATE memories SET status = 'archived' WHERE id = ? AND status = 'active'").run(rowid).changes > 0);
    if (changed) this.markChanged();
    return changed;
  }

  /** Injected memories: heat + 1 and last access now. */
  touch(rowids: number[], now = Date.now()): void {
    // Heat is a ranking hint: a read-only store simply keeps what it had.
    if (rowids.length === 0 || !this.writable) return;
    this.run(() =>
      this.stmt('UPDATE memories SET heat = heat + 1, last_accessed_at = ? WHERE id IN (SELECT value FROM json_each(?))')
        .run(now, JSON.stringify(rowids)),
    );
  }

  /**
   * Lazy decay: facts not accessed for `days` and still cold are archived
   * (kept, shown with --archived, never injected). Returns how many. Only
   * episodes decay: a memory that is the current value of its subject stays
   * true until a newer value replaces it, asked for or not.
   */
  archiveCold(days: number, now = Date.now()): number {
    if (!this.writable) return 0;
    // `+heat`: the range is on last_accessed_at (memories_decay), which finds
    // only the cold few; on heat it would read every fact.
    const n = this.run(
      () =>
        this.stmt("UPDATE memories SET status = 'archived' WHERE status = 'active' AND type = 'fact' AND last_accessed_at < ? AND +heat < ? AND subject_key IS NULL").run(
          now - days * DAY_MS,
          HOT_HEAT,
        ).changes,
    );
    if (n > 0) this.markChanged();
    return n;
  }


  counts(): { byType: Record<string, number>; byStatus: Record<string, number>; byAgent: Record<string, number>; byEmbedder: Record<string, number> } {
    return this.run(() => {
      const group = (col: string): Record<string, number> =>
        Object.fromEntries(
          (this.stmt(`SELECT ${col} AS k, COUNT(*) AS n FROM memories GROUP BY ${col}`).all() as Array<{ k: string; n: number }>).map((r) => [
            r.k,
            r.n,
          ]),
        );
      return { byType: group('type'), byStatus: group('status'), byAgent: group('agent'), byEmbedder: group('embedder_id') };
    });
  }

  /** Re-embeds every memory with the current embedder; reports progress. */
  async reindex(onProgress: (done: number, total: number) => void, batch = 32): Promise<number> {
    this.requireWritable();
    const all = this.run(() => this.stmt('SELECT id, text, type FROM memories ORDER BY id').all() as Array<{ id: number; text: string; type: MemoryType }>);
    for (let i = 0; i < all.length; i += batch) {
      const part = all.slice(i, i + batch);
      const vectors = await this.embedder.embed(part.map((p) => p.text));
      this.run(() =>
        this.db
          .transaction(() => {
            part.forEach((p, j) => {
              const v = vectors[j];
              if (!v) return;
              this.vectors.replace(p.id, v, p.type);
              this.stmt('UPDATE memories SET embedder_id = ? WHERE id = ?').run(this.embedder.id, p.id);
            });
          })
          .immediate(),
      );
      onProgress(Math.min(i + batch, all.length), all.length);
    }
    if (all.length) this.markChanged();
    return all.length;
  }

  annStatus(minVectors: number): { state: AnnState; vectors: number; meta?: AnnMeta } {
    return this.run(() => this.vectors.annStatus(minVectors));
  }

  /** Builds the approximate vector index from this store's vectors (ann.ts). */
  buildAnn(): AnnBuildResult | undefined {
    return this.run(() => this.vectors.buildAnn());
  }

  close(): void {
    try {
      this.db.close();
    } catch {
      // Closing twice is harmless.
    }
  }
}
