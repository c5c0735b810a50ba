import type { Statement } from 'better-sqlite3';
import { indexTerms } from '../text/index.js';
import type { VectorIndex } from './vectors.js';
import type { WriteDecision } from './write-decision.js';
import type { Candidate, WriteResult } from './types.js';

export interface WriteTarget {
  stmt: (sql: string) => Statement;
  /** The store's vector table, or a batch holding vectors until it ends (batch-vectors.ts). */
  vectors: Pick<VectorIndex, 'insert' | 'replace'>;
  embedderId: string;
  displayId: (rowid: number) => string;
}

/** Whether a write changed what the store remembers (counted as written; a cache built before is stale). */
export function changesMemory(r: WriteResult): boolean {
  return r.action === 'inserted' || r.action === 'updated' || r.action === 'merged';
}

/**
 * Carries out one write decision (write-decision.ts) on the tables: the
 * memory row, its FTS row and its vector. Runs inside the caller's transaction.
 */
export function applyDecision(
  db: WriteTarget,
  c: Candidate,
  w: { text: string; hash: string; vector: Float32Array; now: number },
  decision: WriteDecision,
): WriteResult {
  const { stmt, vectors } = db;
  switch (decision.kind) {
    case 'update': {
      const t = decision.target;
      stmt('UPDATE memories SET text = ?, content_hash = ?, last_accessed_at = ?, embedder_id = ? WHERE id = ?').run(w.text, w.hash, w.now, db.embedderId, t.id);
      stmt('UPDATE memories_fts SET text_terms = ? WHERE rowid = ?').run(indexTerms(w.text), t.id);
      vectors.replace(t.id, w.vector, t.type);
      return { action: 'updated', id: db.displayId(t.id), similarity: t.similarity };
    }
    case 'merge': {
      const t = decision.target;
      stmt('UPDATE memories SET supplement = ?, last_accessed_at = ? WHERE id = ?').run(decision.supplement, w.now, t.id);
      stmt('UPDATE memories_fts SET supplement_terms = ? WHERE rowid = ?').run(indexTerms(decision.supplement), t.id);
      return { action: 'merged', id: db.displayId(t.id), similarity: t.similarity };
    }
    case 'duplicate':
      return { action: 'duplicate', id: db.displayId(decision.target.id), similarity: decision.target.similarity };
    case 'overlap':
    case 'repeat':
      return { action: 'filtered', reason: decision.kind, id: db.displayId(decision.target.id), similarity: decision.target.similarity };
    case 'insert':
    case 'supersede':
      break;
  }
  const created = c.createdAt ?? w.now;
  const info = stmt(
    `INSERT INTO memories (type, text, supplement, dir, agent, session_id, source, created_at, last_accessed_at, heat, status, content_hash, embedder_id)
     VALUES (?, ?, '', ?, ?, ?, ?, ?, ?, 0, 'active', ?, ?)`,
  ).run(c.type, w.text, c.dir, c.agent, c.sessionId ?? null, c.source ?? null, created, created, w.hash, db.embedderId);
  const id = Number(info.lastInsertRowid);
  stmt('INSERT INTO memories_fts (rowid, text_terms, supplement_terms) VALUES (?, ?, ?)').run(id, indexTerms(w.text), '');
  vectors.insert(id, w.vector, c.type);
  if (decision.kind === 'supersede') {
    // The corrected memory is kept, archived and linked: never injected alone again.
    const old = decision.target;
    stmt("UPDATE memories SET status = 'archived', superseded_by = ? WHERE id = ?").run(id, old.id);
    return { action: 'inserted', id: db.displayId(id), similarity: old.similarity, supersedes: db.displayId(old.id) };
  }
  return { action: 'inserted', id: db.displayId(id), similarity: decision.similarity };
}
