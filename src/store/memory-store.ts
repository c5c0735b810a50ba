import { createHash } from 'node:crypto';
import type { DB } from './db.js';
import { statementCache } from './statements.js';
import { guarded } from './db.js';
import type { Embedder } from './embed/embedder.js';
import { cosine } from './embed/embedder.js';
import { redact } from './redact.js';
import { isLowValue, isTooShort, isTrivia, overlapWith, MAX_OVERLAP } from './filters.js';
import { ftsMatchQuery, indexTerms, likeTerms } from './terms.js';
import { applyDirPenalty, fuse } from './rank.js';
import type {
  Candidate,
  Hit,
  Memory,
  MemoryStatus,
  MemoryType,
  SearchFilter,
  SearchOptions,
  StoreScope,
  WritePolicy,
  WriteResult,
} from './types.js';

interface MemoryRow {
  id: number;
  type: MemoryType;
  text: string;
  supplement: string;
  dir: string;
  agent: string;
  session_id: string | null;
  source: string | null;
  created_at: number;
  last_accessed_at: number;
  heat: number;
  status: MemoryStatus;
  content_hash: string;
  embedder_id: string;
}

/** How many neighbours dedup and search look at. */
const NEIGHBOURS = 8;
const SEARCH_POOL = 100;
/** Heat at or above this keeps an old memory from being archived. */
export const HOT_HEAT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A supplement keeps the newest merged restatements, up to this many
 * characters: merging is frequent, and an unbounded supplement would make
 * every merge rewrite more text.
 */
export const MAX_SUPPLEMENT_CHARS = 4000;

export function capSupplement(s: string): string {
  if (s.length <= MAX_SUPPLEMENT_CHARS) return s;
  const lines = s.split('\n');
  while (lines.length > 1 && lines.join('\n').length > MAX_SUPPLEMENT_CHARS) lines.shift();
  return lines.join('\n').slice(-MAX_SUPPLEMENT_CHARS);
}

export function contentHash(text: string): string {
  const normal = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(normal).digest('hex');
}

function vectorBlob(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

function blobVector(b: Buffer): Float32Array {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Float32Array(copy.buffer);
}


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
  ) {
    this.stmt = statementCache(db);
  }

  private readonly stmt: ReturnType<typeof statementCache>;
  /**
   * Called after every committed change of content (see version.ts); not
   * for heat, which only reorders. Set by whoever opened the store.
   */
  onChange: () => void = () => undefined;

  private markChanged(): void {
    this.onChange();
  }

  private displayId(rowid: number): string {
    return this.scope === 'user' ? `g${rowid}` : String(rowid);
  }

  /** Accepts "12" for the project store and "g12" for the user store. */
  parseId(id: string): number | undefined {
    const m = this.scope === 'user' ? /^g(\d+)$/.exec(id) : /^(\d+)$/.exec(id);
    if (!m) return undefined;
    const n = Number(m[1]);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  }

  private toMemory(r: MemoryRow): Memory {
    return {
      id: this.displayId(r.id),
      rowid: r.id,
      scope: this.scope,
      type: r.type,
      text: r.text,
      supplement: r.supplement,
      dir: r.dir,
      agent: r.agent,
      sessionId: r.session_id,
      source: r.source,
      createdAt: r.created_at,
      lastAccessedAt: r.last_accessed_at,
      heat: r.heat,
      status: r.status,
      contentHash: r.content_hash,
      embedderId: r.embedder_id,
    };
  }

  private run<T>(fn: () => T): T {
    return guarded(this.path, fn, this.busyTimeoutMs);
  }

  /** Filters and redaction: everything decided before the store is consulted. */
  private screen(c: Candidate, policy: WritePolicy): { text: string; hash: string } | WriteResult {
    const raw = c.text.replace(/\r\n?/g, '\n').trim();
    if (!raw) return { action: 'filtered', reason: 'empty' };
    if (policy.triviaFilter && isTrivia(raw)) return { action: 'filtered', reason: 'trivia' };
    if (!c.explicit) {
      if (isTooShort(raw)) return { action: 'filtered', reason: 'short' };
      if (isLowValue(raw)) return { action: 'filtered', reason: 'low-value' };
    }
    // Redact before anything is compared or stored, so a secret never lands in any table.
    const text = redact(raw);
    return { text, hash: contentHash(text) };
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
  async writeMany(cs: Candidate[], policy: WritePolicy, now = Date.now()): Promise<WriteResult[]> {
    const screened = cs.map((c) => this.screen(c, policy));
    const todo = screened.map((x, i) => ('text' in x ? i : -1)).filter((i) => i >= 0);
    const texts = todo.map((i) => (screened[i] as { text: string }).text);
    const vectors = await this.embedder.embed(texts);
    const vectorOf = new Map(todo.map((i, j) => [i, vectors[j]]));
    const results = this.run(() =>
      this.db
        .transaction((): WriteResult[] =>
          cs.map((c, i) => {
            const x = screened[i];
            if (!x || !('text' in x)) return x ?? { action: 'filtered', reason: 'empty' };
            const vector = vectorOf.get(i);
            if (!vector) throw new Error('the embedder returned no vector');
            return this.writeOne(c, x.text, x.hash, vector, policy, now);
          }),
        )
        .immediate(),
    );
    if (results.some((r) => r.action === 'inserted' || r.action === 'updated' || r.action === 'merged')) this.markChanged();
    return results;
  }

  /** Dedup or insert one screened candidate; runs inside writeMany's transaction. */
  private writeOne(c: Candidate, text: string, hash: string, vector: Float32Array, policy: WritePolicy, now: number): WriteResult {
    const created = c.createdAt ?? now;
    const same = this.stmt('SELECT id FROM memories WHERE content_hash = ?').get(hash) as { id: number } | undefined;
    if (same) return { action: 'duplicate', id: this.displayId(same.id), similarity: 1 };

    const neighbours = this.nearest(vector, NEIGHBOURS).filter(
      (n) => n.row.status === 'active' && (c.type === 'global' || n.row.dir === c.dir),
    );
    const best = neighbours[0];
    if (best && best.similarity >= policy.update) {
      this.stmt('UPDATE memories SET text = ?, content_hash = ?, last_accessed_at = ?, embedder_id = ? WHERE id = ?')
        .run(text, hash, now, this.embedder.id, best.row.id);
      this.stmt('UPDATE memories_fts SET text_terms = ? WHERE rowid = ?').run(indexTerms(text), best.row.id);
      this.stmt('DELETE FROM memory_vectors WHERE memory_id = ?').run(BigInt(best.row.id));
      this.insertVector(best.row.id, vector, best.row.type);
      return { action: 'updated', id: this.displayId(best.row.id), similarity: best.similarity };
    }
    if (best && best.similarity >= policy.merge) {
      if (best.row.supplement.split('\n').includes(text)) return { action: 'duplicate', id: this.displayId(best.row.id), similarity: best.similarity };
      const supplement = capSupplement(best.row.supplement ? `${best.row.supplement}\n${text}` : text);
      this.stmt('UPDATE memories SET supplement = ?, last_accessed_at = ? WHERE id = ?').run(supplement, now, best.row.id);
      this.stmt('UPDATE memories_fts SET supplement_terms = ? WHERE rowid = ?').run(indexTerms(supplement), best.row.id);
      return { action: 'merged', id: this.displayId(best.row.id), similarity: best.similarity };
    }
    // Lexically a repeat, but not close enough in meaning to merge:
    // a fragment of something already remembered.
    const repeat = neighbours.find((n) => overlapWith(text, `${n.row.text}\n${n.row.supplement}`) > MAX_OVERLAP);
    if (repeat) return { action: 'filtered', reason: 'overlap', id: this.displayId(repeat.row.id), similarity: repeat.similarity };

    const info = this.stmt(
        `INSERT INTO memories (type, text, supplement, dir, agent, session_id, source, created_at, last_accessed_at, heat, status, content_hash, embedder_id)
         VALUES (?, ?, '', ?, ?, ?, ?, ?, ?, 0, 'active', ?, ?)`,
      )
      .run(c.type, text, c.dir, c.agent, c.sessionId ?? null, c.source ?? null, created, created, hash, this.embedder.id);
    const id = Number(info.lastInsertRowid);
    this.stmt('INSERT INTO memories_fts (rowid, text_terms, supplement_terms) VALUES (?, ?, ?)').run(id, indexTerms(text), '');
    this.insertVector(id, vector, c.type);
    return { action: 'inserted', id: this.displayId(id), similarity: best?.similarity ?? 0 };
  }

  private insertVector(id: number, v: Float32Array, type: MemoryType): void {
    // vec0 wants its integer key as a BigInt through better-sqlite3. The type
    // is a metadata column so a KNN for facts skips every other vector.
    this.stmt('INSERT INTO memory_vectors (memory_id, embedding, embedder_id, memory_type) VALUES (?, ?, ?, ?)').run(BigInt(id), vectorBlob(v), this.embedder.id, type);
  }

  private knn(v: Float32Array, k: number, type?: MemoryType): Array<{ memory_id: number | bigint; distance: number }> {
    const sql = `SELECT memory_id, distance FROM memory_vectors WHERE embedding MATCH ? AND k = ? AND embedder_id = ?${type ? ' AND memory_type = ?' : ''}`;
    const params: unknown[] = [vectorBlob(v), k, this.embedder.id];
    if (type) params.push(type);
    return this.stmt(sql).all(...params) as Array<{ memory_id: number | bigint; distance: number }>;
  }

  private nearest(v: Float32Array, k: number): Array<{ row: MemoryRow; similarity: number }> {
    const hits = this.knn(v, k);
    if (hits.length === 0) return [];
    const rows = this.rowsByIds(hits.map((h) => Number(h.memory_id)));
    return hits
      .map((h) => {
        const row = rows.get(Number(h.memory_id));
        return row ? { row, similarity: 1 - h.distance } : undefined;
      })
      .filter((x): x is { row: MemoryRow; similarity: number } => x !== undefined);
  }

  private rowsByIds(ids: number[]): Map<number, MemoryRow> {
    const out = new Map<number, MemoryRow>();
    if (ids.length === 0) return out;
    const rows = this.stmt(`SELECT * FROM memories WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as MemoryRow[];
    for (const r of rows) out.set(r.id, r);
    return out;
  }

  vectorsByIds(ids: number[]): Map<number, Float32Array> {
    const out = new Map<number, Float32Array>();
    if (ids.length === 0) return out;
    // One primary-key lookup each: vec0 does not plan `IN (…)` and scans
    // instead, which costs ~10× more at 100k vectors.
    const byId = this.stmt('SELECT embedding, embedder_id FROM memory_vectors WHERE memory_id = ?');
    for (const id of ids) {
      const r = byId.get(BigInt(id)) as { embedding: Buffer; embedder_id: string } | undefined;
      if (r && r.embedder_id === this.embedder.id) out.set(id, blobVector(r.embedding));
    }
    return out;
  }

  /** FTS5 bm25 per memory id (higher is better); falls back to LIKE on any FTS error. */
  private lexicalMatches(query: string, pool: number): Map<number, number> {
    const out = new Map<number, number>();
    const match = ftsMatchQuery(query);
    if (match) {
      try {
        const rows = this.stmt('SELECT rowid AS id, bm25(memories_fts, 1.0, 0.5) AS b FROM memories_fts WHERE memories_fts MATCH ? ORDER BY b LIMIT ?')
          .all(match, pool) as Array<{ id: number; b: number }>;
        for (const r of rows) out.set(r.id, -r.b);
        return out;
      } catch {
        // Fall through to LIKE: a query must never fail because of FTS syntax.
      }
    }
    const terms = likeTerms(query);
    if (terms.length === 0) return out;
    const esc = (t: string): string => `%${t.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const where = terms.map(() => "(text LIKE ? ESCAPE '\\' OR supplement LIKE ? ESCAPE '\\')").join(' OR ');
    const params = terms.flatMap((t) => [esc(t), esc(t)]);
    const rows = this.stmt(`SELECT id, text, supplement FROM memories WHERE ${where} LIMIT ?`).all(...params, pool) as Array<{
      id: number;
      text: string;
      supplement: string;
    }>;
    for (const r of rows) {
      const hay = `${r.text}\n${r.supplement}`.toLowerCase();
      out.set(r.id, terms.filter((t) => hay.includes(t)).length);
    }
    return out;
  }

  private passes(r: MemoryRow, f: SearchFilter): boolean {
    if (!f.includeArchived && r.status !== 'active') return false;
    if (f.type && r.type !== f.type) return false;
    if (f.agent && r.agent !== f.agent) return false;
    if (f.dir && !(r.dir === f.dir || r.dir.startsWith(f.dir.endsWith('/') ? f.dir : `${f.dir}/`))) return false;
    if (f.since !== undefined && r.created_at < f.since) return false;
    if (f.until !== undefined && r.created_at > f.until) return false;
    return true;
  }

  /** Hybrid search: FTS5 bm25 and vector cosine, fused (see rank.ts). */
  async search(query: string, opts: SearchOptions, queryVector?: Float32Array): Promise<Hit[]> {
    const v = queryVector ?? (await this.embedder.embed([query]))[0];
    if (!v) return [];
    return this.run(() => {
      const lexical = this.lexicalMatches(query, SEARCH_POOL);
      const near = this.knn(v, SEARCH_POOL, opts.type);
      const cos = new Map<number, number>(near.map((n) => [Number(n.memory_id), 1 - n.distance]));
      const lexOnly = [...lexical.keys()].filter((id) => !cos.has(id));
      for (const [id, vec] of this.vectorsByIds(lexOnly)) cos.set(id, cosine(v, vec));
      const ids = [...new Set([...cos.keys(), ...lexical.keys()])];
      const rows = this.rowsByIds(ids);
      let best = 0;
      for (const [id, b] of lexical) if (rows.has(id) && b > best) best = b;
      const hits: Hit[] = [];
      for (const id of ids) {
        const row = rows.get(id);
        if (!row || !this.passes(row, opts)) continue;
        const c = cos.get(id) ?? 0;
        const fused = fuse(c, lexical.get(id), best);
        const score = applyDirPenalty(fused.score, row.dir, opts.cwd, opts.crossDirPenalty ?? 1);
        hits.push({ memory: this.toMemory(row), score, cosine: c, lexical: fused.lexical });
      }
      hits.sort((a, b) => b.score - a.score || b.memory.createdAt - a.memory.createdAt);
      return hits.slice(0, opts.limit);
    });
  }

  list(f: SearchFilter & { limit?: number }): Memory[] {
    return this.run(() => {
      const rows = this.stmt('SELECT * FROM memories ORDER BY created_at, id').all() as MemoryRow[];
      const out = rows.filter((r) => this.passes(r, f)).map((r) => this.toMemory(r));
      return f.limit ? out.slice(-f.limit) : out;
    });
  }

  /**
   * Active memories of one type for injection, hottest and most recently
   * used first, optionally only those bound to one of `dirs`. Capped: a
   * 1,500-token block holds tens of memories, so thousands need not load.
   */
  hottest(type: MemoryType, limit: number, dirs?: string[]): Memory[] {
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

  get(rowid: number): Memory | undefined {
    return this.run(() => {
      const r = this.stmt('SELECT * FROM memories WHERE id = ?').get(rowid) as MemoryRow | undefined;
      return r ? this.toMemory(r) : undefined;
    });
  }

  /** Really deletes: the row, its FTS entry and its vector. */
  forget(rowid: number): boolean {
    const deleted = this.run(() =>
      this.db
        .transaction(() => {
          const info = this.stmt('DELETE FROM memories WHERE id = ?').run(rowid);
          this.stmt('DELETE FROM memories_fts WHERE rowid = ?').run(rowid);
          this.stmt('DELETE FROM memory_vectors WHERE memory_id = ?').run(BigInt(rowid));
          return info.changes > 0;
        })
        .immediate(),
    );
    // After the commit: a reader of the new version must see the deletion.
    if (deleted) this.markChanged();
    return deleted;
  }

  /** Injected memories: heat + 1 and last access now. */
  touch(rowids: number[], now = Date.now()): void {
    if (rowids.length === 0) return;
    this.run(() =>
      this.stmt('UPDATE memories SET heat = heat + 1, last_accessed_at = ? WHERE id IN (SELECT value FROM json_each(?))')
        .run(now, JSON.stringify(rowids)),
    );
  }

  /**
   * Lazy decay: facts not accessed for `days` and still cold are archived
   * (kept, shown with --archived, never injected). Returns how many.
   */
  archiveCold(days: number, now = Date.now()): number {
    const n = this.run(
      () =>
        this.stmt("UPDATE memories SET status = 'archived' WHERE status = 'active' AND type = 'fact' AND last_accessed_at < ? AND heat < ?").run(
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
              this.stmt('DELETE FROM memory_vectors WHERE memory_id = ?').run(BigInt(p.id));
              this.insertVector(p.id, v, p.type);
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

  close(): void {
    try {
      this.db.close();
    } catch {
      // Closing twice is harmless.
    }
  }
}
