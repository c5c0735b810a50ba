import type { DB, StoreAccess } from './db-open.js';
import { StoreError } from '../errors.js';
import { statementCache } from './statements.js';
import { memoryRowReader } from './memory-rows.js';
import { guarded } from './db-open.js';
import type { Embedder } from './embed/embedder.js';
import { displayId, parseDisplayId, toMemory, type MemoryRow } from './rows.js';
import { VectorIndex } from './vectors.js';
import type { AnnReader } from './ann.js';
import type { Memory, StoreScope } from './types.js';

/**
 * One SQLite store's connection and what every use of it shares: its
 * statements, its vectors, the lock-aware guard, and the one-line refusal
 * of a write it cannot take. The store is built up in layers named for
 * what callers do with it: read (store-read.ts), write (store-write.ts),
 * curate (store-curation.ts), keep up (memory-store.ts).
 */
export class StoreBase {
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
    this.memoryRows = memoryRowReader(db);
    this.vectors = new VectorIndex(this.stmt, () => this.embedder.id, ann);
  }

  protected readonly stmt: ReturnType<typeof statementCache>;
  /** `SELECT * FROM memories …` as rows (memory-rows.ts): faster than stmt for many rows. */
  protected readonly memoryRows: ReturnType<typeof memoryRowReader>;
  protected readonly vectors: VectorIndex;
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
  protected requireWritable(): void {
    if (this.writable) return;
    if (this.access === 'full') throw new StoreError(`the disk holding ${this.path} is full. Free some space, then retry; nothing was written.`, 'full');
    throw new StoreError(
      this.access === 'snapshot'
        ? `the ${this.scope} store ${this.path} is read-only here (its folder cannot be written): nothing was changed. Make the folder writable, or use a global memory (--type global) for now.`
        : `the ${this.scope} store ${this.path} cannot be created (its folder is read-only): nothing was written. Make the folder writable, or use a global memory (--type global) for now.`,
      'readonly',
    );
  }

  protected markChanged(): void {
    this.onChange();
  }

  protected displayId(rowid: number): string {
    return displayId(this.scope, rowid);
  }

  /** Accepts "12" for the project store and "g12" for the user store. */
  parseId(id: string): number | undefined {
    return parseDisplayId(this.scope, id);
  }

  protected toMemory(r: MemoryRow): Memory {
    return toMemory(this.scope, r);
  }

  protected run<T>(fn: () => T): T {
    return guarded(this.path, fn, this.busyTimeoutMs);
  }

  protected rowsByIds(ids: number[]): Map<number, MemoryRow> {
    const out = new Map<number, MemoryRow>();
    if (ids.length === 0) return out;
    const rows = this.memoryRows(`SELECT * FROM memories WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(ids));
    for (const r of rows) out.set(r.id, r);
    return out;
  }

  close(): void {
    try {
      this.db.close();
    } catch {
      // Closing twice is harmless.
    }
  }
}
