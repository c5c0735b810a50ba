import type { MemoryRow } from './rows.js';
import { passesFilter } from './rows.js';
import { hybridSearch } from './search.js';
import { LEXICAL_EMBEDDER_ID, lexicalVector } from './embed/lexical.js';
import { StoreBase } from './store-base.js';
import type { Hit, Memory, MemoryType, SearchFilter, SearchOptions } from './types.js';

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
  protected currentValues(type: MemoryType, limit: number, dirs?: string[]): Memory[] {
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
}
