import type { Statement as SqlStatement } from 'better-sqlite3';
import { indexTerms } from '../text/index.js';
import { statementOf, type Statement } from '../text/statement.js';
import { remainderWithout } from '../text/statement-parts.js';
import type { VectorIndex } from './vectors.js';
import { contentHash, type NearMemory, type WriteDecision } from './write-decision.js';
import type { MemoryRow } from './rows.js';
import { holdersOf, otherParts, recordParts } from './memory-parts.js';
import { teamAuthorOf } from '../text/team-agent.js';
import { inScope } from './subject-index.js';
import type { Candidate, WriteResult } from './types.js';

export interface WriteTarget {
  stmt: (sql: string) => SqlStatement;
  /** The store's vector table, or a batch holding vectors until it ends (batch-vectors.ts). */
  vectors: Pick<VectorIndex, 'insert' | 'replace'>;
  embedderId: string;
  displayId: (rowid: number) => string;
  /**
   * A vector for a text written inside the transaction (the rest of a
   * replaced memory): the embedder's own when it runs inline, else the
   * vector of the memory it came from (the same words and more). Absent
   * where the person wrote the whole new text (an edit): nothing is kept.
   */
  vectorFor?: (text: string, from: number) => Float32Array | undefined;
}

/** What one write is: the screened text, its hash and vector, the time, and the value it states (if any). */
export interface Written {
  text: string;
  hash: string;
  vector: Float32Array;
  now: number;
  statement?: Statement;
}

/** Whether a write changed what the store remembers (counted as written; a cache built before is stale). */
export function changesMemory(r: WriteResult): boolean {
  return r.action === 'inserted' || r.action === 'updated' || r.action === 'merged' || (r.supersedes?.length ?? 0) > 0;
}

/**
 * Carries out one write decision (write-decision.ts, subject-decision.ts)
 * on the tables: the memory row, its FTS row and its vector. Runs inside
 * the caller's transaction.
 */
export function applyDecision(db: WriteTarget, c: Candidate, w: Written, decision: WriteDecision): WriteResult {
  const { stmt, vectors } = db;
  switch (decision.kind) {
    case 'update': {
      const t = decision.target;
      stmt('UPDATE memories SET text = ?, content_hash = ?, last_accessed_at = ?, embedder_id = ? WHERE id = ?').run(w.text, w.hash, w.now, db.embedderId, t.id);
      // Nearly the same words: a value they state is the memory's now; with none stated it keeps its subject.
      if (w.statement) stmt('UPDATE memories SET subject = ?, subject_key = ?, value = ? WHERE id = ?').run(w.statement.subject, w.statement.key, w.statement.value, t.id);
      if (w.statement) recordParts(stmt, t.id, otherParts(w.text, w.statement.key));
      stmt('UPDATE memories_fts SET text_terms = ? WHERE rowid = ?').run(indexTerms(searchableText(w)), t.id);
      vectors.replace(t.id, w.vector, t.type);
      return { action: 'updated', id: db.displayId(t.id), similarity: t.similarity };
    }
    case 'merge':
      merge(db, decision.target, decision.supplement, w.now);
      return { action: 'merged', id: db.displayId(decision.target.id), similarity: decision.target.similarity };
    case 'confirm': {
      const t = decision.target;
      stmt('UPDATE memories SET last_accessed_at = max(last_accessed_at, ?) WHERE id = ?').run(w.now, t.id);
      const replaced = decision.supersede ?? [];
      const { gone, kept } = supersede(db, replaced, t.id, w.now, w.statement?.key, replaced.length ? statedBy(w) : []);
      return { action: 'duplicate', id: db.displayId(t.id), confirms: db.displayId(t.id), ...(gone.length ? { supersedes: gone } : {}), ...(kept.length ? { kept } : {}) };
    }
    case 'duplicate':
      return { action: 'duplicate', id: db.displayId(decision.target.id), similarity: decision.target.similarity };
    case 'overlap':
    case 'repeat':
      return { action: 'filtered', reason: decision.kind, id: db.displayId(decision.target.id), similarity: decision.target.similarity };
    case 'insert':
    case 'supersede':
    case 'historic':
      break;
  }
  const stated = statedBy(w);
  const id = insert(db, c, w, stated, decision.kind === 'supersede' ? decision.targets[0] : undefined);
  if (decision.kind === 'historic') {
    // True until the newer value was stated: history from the start.
    stmt("UPDATE memories SET status = 'archived', superseded_by = ?, valid_to = (SELECT created_at FROM memories WHERE id = ?) WHERE id = ?").run(decision.newer.id, decision.newer.id, id);
    return { action: 'inserted', id: db.displayId(id), similarity: 0 };
  }
  const replaced = decision.kind === 'supersede' ? supersede(db, decision.targets, id, createdOf(c, w), w.statement?.key, stated) : { gone: [], kept: [] };
  const inPart = w.statement?.stance === 'assert' ? replaceParts(db, stated, id, createdOf(c, w)) : { gone: [], kept: [] };
  const gone = [...replaced.gone, ...inPart.gone];
  const kept = [...replaced.kept, ...inPart.kept];
  const similarity = decision.kind === 'supersede' ? (decision.targets[0]?.similarity ?? 0) : decision.similarity;
  return { action: 'inserted', id: db.displayId(id), similarity, ...(gone.length ? { supersedes: gone } : {}), ...(kept.length ? { kept } : {}) };
}

/** A subject the new memory states, its value, and whether it is the memory's own (its first). */
interface Stated {
  key: string;
  value: string;
  own: boolean;
}

/** Every subject a write states: its own, then the others its parts state (text/statement-parts.ts). */
function statedBy(w: Written): Stated[] {
  if (!w.statement) return [];
  return [{ key: w.statement.key, value: w.statement.value, own: true }, ...otherParts(w.text, w.statement.key).map((p) => ({ ...p, own: false }))];
}

/**
 * Every subject the new memory states has its new value: the current
 * memories that state one of them in a part of their own ("…，测试命令是
 * pnpm test:unit" when the test command is now vitest run), and, for the
 * subjects it states besides its own, the memories of that subject, are
 * archived as replaced by `by`, their other parts kept (keepTheRest). Its
 * own subject's memories were decided already (subject-decision.ts).
 */
function replaceParts(db: WriteTarget, stated: Stated[], by: number, at: number): { gone: string[]; kept: string[] } {
  const row = db.stmt('SELECT type, dir FROM memories WHERE id = ?').get(by) as { type: Candidate['type']; dir: string };
  const scope = { by, at, type: row.type, dir: row.dir };
  const gone: string[] = [];
  const kept: string[] = [];
  const done = new Set<number>();
  for (const s of stated) {
    for (const id of holdersOf(db.stmt, s.key, s.value, scope, !s.own)) {
      if (done.has(id)) continue;
      done.add(id);
      archive(db, id, by, at);
      gone.push(db.displayId(id));
      const rest = db.vectorFor ? keepTheRest(db, id, s.key, db.vectorFor, stated) : undefined;
      if (rest !== undefined) kept.push(db.displayId(rest));
    }
  }
  return { gone, kept };
}

function archive(db: WriteTarget, id: number, by: number, at: number): void {
  db.stmt("UPDATE memories SET status = 'archived', superseded_by = ?, valid_to = ? WHERE id = ?").run(by, at, id);
}

const createdOf = (c: Candidate, w: Written): number => c.createdAt ?? w.now;

function merge(db: WriteTarget, t: NearMemory, supplement: string, now: number): void {
  db.stmt('UPDATE memories SET supplement = ?, last_accessed_at = max(last_accessed_at, ?) WHERE id = ?').run(supplement, now, t.id);
  db.stmt('UPDATE memories_fts SET supplement_terms = ? WHERE rowid = ?').run(indexTerms(supplement), t.id);
}

/** Past every id ever given (id_floor keeps those of forgotten memories): SQLite alone reuses the largest after a delete. */
const NEXT_ID = 'MAX(COALESCE((SELECT MAX(id) FROM memories), 0), COALESCE((SELECT MAX(v) FROM id_floor), 0)) + 1';

/**
 * A new row. A correction without a stated value of its own (correction
 * words only) takes the subject of the memory it corrects: it is that
 * subject's current memory now, its value unknown.
 */
function insert(db: WriteTarget, c: Candidate, w: Written, stated: Stated[], corrected: NearMemory | undefined): number {
  const created = createdOf(c, w);
  // A new value of a project's (or the user's) subject is still that: a value said in passing
  // reads as a fact, but it replaces what the project or user had decided.
  const type = corrected && c.type === 'fact' && corrected.type !== 'fact' ? corrected.type : c.type;
  // Heat starts when a memory enters the store: an import of last year's
  // transcripts keeps each memory's own date and archives nothing for it.
  const info = db
    .stmt(
      `INSERT INTO memories (id, type, text, supplement, dir, agent, session_id, source, created_at, last_accessed_at, heat, status, content_hash, embedder_id, subject, subject_key, value, reviewed_at)
       VALUES (${NEXT_ID}, ?, ?, '', ?, ?, ?, ?, ?, ?, 0, 'active', ?, ?, ?, ?, ?, ?)`,
    )
    .run(type, w.text, c.dir, c.agent, c.sessionId ?? null, c.source ?? null, created, Math.max(created, w.now), w.hash, db.embedderId, w.statement?.subject ?? null, w.statement?.key ?? null, w.statement?.value ?? null, c.reviewed ? created : null);
  const id = Number(info.lastInsertRowid);
  if (!w.statement && corrected) db.stmt("UPDATE memories SET (subject, subject_key, value) = (SELECT subject, subject_key, '' FROM memories WHERE id = ?) WHERE id = ?").run(corrected.id, id);
  db.stmt('INSERT INTO memories_fts (rowid, text_terms, supplement_terms) VALUES (?, ?, ?)').run(id, indexTerms(searchableText(w)), '');
  db.vectors.insert(id, w.vector, type);
  if (w.statement) recordParts(db.stmt, id, stated.filter((s) => !s.own));
  return id;
}

/**
 * The memories replaced by `by`: kept, archived and linked, true until `at`;
 * never injected again. `key`: the subject whose new value `by` states; what
 * a replaced memory said of other subjects stays current as a memory of its
 * own (`kept`).
 */
function supersede(db: WriteTarget, targets: NearMemory[], by: number, at: number, key: string | undefined, stated: Stated[]): { gone: string[]; kept: string[] } {
  const out: string[] = [];
  const kept: string[] = [];
  const inherited: string[] = [];
  for (const t of targets) {
    if (t.id === by) continue;
    archive(db, t.id, by, at);
    const own = db.stmt('SELECT subject, subject_key FROM memories WHERE id = ?').get(t.id) as { subject: string | null; subject_key: string | null } | undefined;
    if (own?.subject) inherited.push(own.subject);
    out.push(db.displayId(t.id));
    // It was replaced as its own subject, whatever words the new memory named it with ("preview port" for "preview server port").
    const gone = own?.subject_key ?? key;
    const rest = key === undefined || gone === undefined || !db.vectorFor ? undefined : keepTheRest(db, t.id, gone, db.vectorFor, stated);
    if (rest !== undefined) kept.push(db.displayId(rest));
  }
  // The new value answers what the old one was asked by: "升级到 Tailwind CSS 4" replaces "样式用 Tailwind CSS 3", so a question about 样式 finds it.
  if (inherited.length) {
    const terms = db.stmt('SELECT text_terms FROM memories_fts WHERE rowid = ?').pluck().get(by) as string | undefined;
    // Only words it lacks: an FTS5 update with secure-delete rewrites every page of the row's terms, and
    // most new values name their subject already (on a one-hour log this update was half the distill).
    const have = new Set(terms?.split(' '));
    const missing = [...new Set(indexTerms(inherited.join('\n')).split(' '))].filter((t) => t && !have.has(t));
    if (terms !== undefined && missing.length) db.stmt('UPDATE memories_fts SET text_terms = ? WHERE rowid = ?').run(`${terms} ${missing.join(' ')}`, by);
  }
  return { gone: out, kept };
}

type ReplacedRow = Pick<MemoryRow, 'text' | 'type' | 'dir' | 'agent' | 'session_id' | 'source' | 'created_at' | 'last_accessed_at' | 'heat' | 'reviewed_at'>;

/**
 * "包管理器用 pnpm，测试命令是 pnpm test:unit" replaced as the package
 * manager: "测试命令是 pnpm test:unit" is still true, and is written as a
 * memory of its own with the replaced one's origin, date and heat. A part
 * whose subject has a newer current memory is history already and is not
 * kept. Returns the new row's id.
 */
function keepTheRest(db: WriteTarget, id: number, key: string, vectorFor: NonNullable<WriteTarget['vectorFor']>, stated: Stated[]): number | undefined {
  const row = db
    .stmt('SELECT text, type, dir, agent, session_id, source, created_at, last_accessed_at, heat, reviewed_at FROM memories WHERE id = ?')
    .get(id) as ReplacedRow | undefined;
  // A teammate's memory is theirs: a copy of part of it would outlive their edit or forget of it (team sync acts on the linked row).
  if (!row || teamAuthorOf(row.agent) !== undefined) return undefined;
  const newer = db.stmt("SELECT type, dir FROM memories WHERE subject_key = ? AND status = 'active' AND id != ? AND created_at >= ?");
  const heldSince = (k: string): boolean => (newer.all(k, id, row.created_at) as Array<Pick<MemoryRow, 'type' | 'dir'>>).some((r) => inScope(r, row.type, row.dir));
  // What the new memory states itself is its to say now, not the old one's.
  const rest = remainderWithout(row.text, key, (k) => stated.every((s) => s.key !== k) && !heldSince(k));
  if (rest === undefined) return undefined;
  const hash = contentHash(rest);
  if (db.stmt('SELECT 1 FROM memories WHERE content_hash = ?').get(hash) !== undefined) return undefined;
  const vector = vectorFor(rest, id);
  if (!vector) return undefined;
  const st = statementOf(rest);
  const info = db
    .stmt(
      `INSERT INTO memories (id, type, text, supplement, dir, agent, session_id, source, created_at, last_accessed_at, heat, status, content_hash, embedder_id, subject, subject_key, value, reviewed_at)
       VALUES (${NEXT_ID}, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?)`,
    )
    .run(row.type, rest, row.dir, row.agent, row.session_id, row.source, row.created_at, row.last_accessed_at, row.heat, hash, db.embedderId, st?.subject ?? null, st?.key ?? null, st?.value ?? null, row.reviewed_at);
  const rowid = Number(info.lastInsertRowid);
  db.stmt('INSERT INTO memories_fts (rowid, text_terms, supplement_terms) VALUES (?, ?, ?)').run(rowid, indexTerms(searchableText({ text: rest, ...(st ? { statement: st } : {}) })), '');
  db.vectors.insert(rowid, vector, row.type);
  recordParts(db.stmt, rowid, st ? otherParts(rest, st.key) : []);
  return rowid;
}

/**
 * The words a memory is found by: its text, and the subject it states when
 * the text does not name it ("我们切到 pnpm 了" is about the package manager,
 * so a question about the package manager finds it).
 */
function searchableText(w: Pick<Written, 'text' | 'statement'>): string {
  const subject = w.statement?.subject;
  return subject && !w.text.toLowerCase().includes(subject.toLowerCase()) ? `${w.text}\n${subject}` : w.text;
}
