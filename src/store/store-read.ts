import type { MemoryRow } from './rows.js';
import { HOT_COLUMNS, passesFilter, toHotMemory } from './rows.js';
import { hybridSearch } from './search.js';
import { LEXICAL_EMBEDDER_ID, lexicalVector } from './embed/lexical.js';
import { StoreBase } from './store-base.js';
import { lastWork } from './last-work.js';
import type { Hit, HotMemory, Memory, MemoryType, SearchFilter, SearchOptions } from './types.js';

/** What readers do with a store: search, list, pick the block's memories, get one. */
export class StoreReader extends StoreBase {
  vectorsByIds(ids: number[]): Map<number, Float32Array> {
    return ids.length ? this.run(() => this.vectors.byIds(ids)) : new Map();
  }

  /** Hybrid search: FTS5 bm25 and vector cosine, fused (see rank.ts). */
  async search(query: string, opts: SearchOptions, queryVector?: Float32Array): Promise<Hit[]> {
    const v = opts.lexicalOnly ? undefined : (queryVector ?? (await this.embedder.embed([query]))[0]);
    const reweigh = this.embedder.id === LEXICAL_EMBEDDER_ID ? lexicalVector : undefined;
    return this.run(() =>
      hybridSearch({ stmt: this.stmt, vectors: this.vectors, scope: this.scope, rowsByIds: (ids) => this.rowsByIds(ids), ...(reweigh ? { reweigh } : {}) }, query, v, opts),
    );
  }

  list(f: SearchFilter & { limit?: number }): Memory[] {
    return this.run(() => {
      const rows = this.memoryRows('SELECT * FROM memories ORDER BY created_at, id');
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
  hottest(type: MemoryType, limit: number, dirs?: string[], o: { stateOnly?: boolean } = {}): HotMemory[] {
    if (o.stateOnly) return this.currentValues(type, limit, dirs);
    return this.run(() => {
      const rows = dirs
        ? this.memoryRows(
            `SELECT ${HOT_COLUMNS} FROM memories WHERE type = ? AND status = 'active' AND dir IN (SELECT value FROM json_each(?))
             ORDER BY heat DESC, last_accessed_at DESC, id DESC LIMIT ?`,
            type,
            JSON.stringify(dirs),
            limit,
          )
        : this.memoryRows(`SELECT ${HOT_COLUMNS} FROM memories WHERE type = ? AND status = 'active' ORDER BY heat DESC, last_accessed_at DESC, id DESC LIMIT ?`, type, limit);
      return rows.map((r) => toHotMemory(this.scope, r));
    });
  }

  /**
   * The current values of subjects, hottest first, through the partial
   * index memories_state (migration 018): only subject-bearing rows of the
   * type, already in heat order, so the read stops at `limit`. Read through
   * the subject index and sorted here, every subject-bearing row of every
   * type was read on each rebuilt launch (4.6k rows, ~6 ms of a cold one at
   * 10k memories); ordered through memories_hot, a store of 10k facts with
   * a handful of subjects was scanned whole. A store not yet laid out (a
   * launch defers 018) is read through memories_hot until the distiller
   * adds the index.
   */
  protected currentValues(type: MemoryType, limit: number, dirs?: string[]): HotMemory[] {
    return this.run(() => {
      const state = `SELECT ${HOT_COLUMNS} FROM memories WHERE subject_key IS NOT NULL AND type = ? AND status = 'active'`;
      const order = 'ORDER BY heat DESC, last_accessed_at DESC, id DESC LIMIT ?';
      const rows = dirs ? this.memoryRows(`${state} AND dir IN (SELECT value FROM json_each(?)) ${order}`, type, JSON.stringify(dirs), limit) : this.memoryRows(`${state} ${order}`, type, limit);
      return rows.map((r) => toHotMemory(this.scope, r));
    });
  }

  /** What was last done in `dir`, for the launch query (last-work.ts): read from a project store's sessions table. */
  lastWork(dir: string): string | undefined {
    return this.run(() => lastWork(this.stmt, dir));
  }

  get(rowid: number): Memory | undefined {
    return this.run(() => {
      const r = this.stmt('SELECT * FROM memories WHERE id = ?').get(rowid) as MemoryRow | undefined;
      return r ? this.toMemory(r) : undefined;
    });
  }
}
