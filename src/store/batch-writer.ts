import type { Statement as SqlStatement } from 'better-sqlite3';
import { statementOf, type Statement } from '../text/statement.js';
import { BatchVectors } from './batch-vectors.js';
import type { VectorIndex } from './vectors.js';
import { decideWrite, type NearMemory, type WriteDecision } from './write-decision.js';
import { applyDecision } from './apply-write.js';
import { newerPartHolder } from './memory-parts.js';
import { SubjectIndex } from './subject-index.js';
import { learnedStatement, sentenceWords } from '../text/frame-match.js';
import { changeOfValue } from '../text/change-of-value.js';
import { countsSomethingElse, decideByStatement, foldable } from './subject-decision.js';
import { isRefusedProposal } from '../text/refused.js';
import type { MemoryRow } from './rows.js';
import type { Candidate, MemoryType, WritePolicy, WriteResult } from './types.js';

/** How many neighbours dedup looks at. */
const NEIGHBOURS = 8;

/** What a write transaction needs of its store. */
export interface BatchStore {
  stmt: (sql: string) => SqlStatement;
  vectors: VectorIndex;
  embedderId: string;
  displayId: (rowid: number) => string;
  parseId: (id: string) => number | undefined;
  rowsByIds: (ids: number[]) => Map<number, MemoryRow>;
  /** The embedder's vector computed in the caller's thread, when it runs inline (Embedder.inline). */
  embedNow?: (text: string) => Float32Array | undefined;
  /** The subject index the last batch left, when nothing changed the store since (store-write.ts). */
  subjects?: SubjectIndex;
}

/**
 * One write transaction (MemoryStore.writeMany, openBatch): each screened
 * candidate is decided and written in turn, and sees the ones before it. A
 * statement of a value is decided against the current memories of its
 * subject first (subject-decision.ts); anything else, or a subject nobody
 * holds yet, by similarity with its nearest neighbours (write-decision.ts).
 * Runs inside the store's transaction.
 */
export class BatchWriter {
  /** The vectors written so far, searched with the store's for neighbours. */
  readonly vectors: BatchVectors;
  /**
   * The neighbour rows read so far: a session's candidates keep meeting the
   * same few neighbours, and only this transaction writes meanwhile, so a
   * row it changes is all that goes stale.
   */
  private readonly rows = new Map<number, MemoryRow>();
  /** The current memory of each subject: read on the first statement of a value (it then sees every write before it). */
  private subjects?: SubjectIndex;

  /** The subject index as this batch leaves it, if it read one: the next batch may start from it. */
  get subjectIndex(): SubjectIndex | undefined {
    return this.subjects;
  }

  constructor(private readonly store: BatchStore) {
    this.subjects = store.subjects;
    // The id the batch's first insert gets (apply-write.ts): past every id ever given, forgotten ones too.
    const maxId = store.stmt('SELECT MAX(COALESCE((SELECT MAX(id) FROM memories), 0), COALESCE((SELECT MAX(v) FROM id_floor), 0))').pluck().get() as number | null;
    this.vectors = new BatchVectors(store.vectors, (maxId ?? 0) + 1);
  }

  /** The batch's vectors go to the store's table; before the commit. */
  flush(): void {
    this.vectors.flush();
  }

  /** `found`: what the text states, when the distiller found it already (null: nothing). */
  write(c: Candidate, text: string, hash: string, vector: Float32Array, now: number, policy: WritePolicy, dedup: boolean, found?: Statement | null): WriteResult {
    const { stmt, displayId } = this.store;
    const same = stmt('SELECT id FROM memories WHERE content_hash = ?').get(hash) as { id: number } | undefined;
    if (same) return { action: 'duplicate', id: displayId(same.id), similarity: 1 };
    // A summary quotes what was said: it states no value of its own.
    let statement = c.summary ? undefined : found === undefined ? statementOf(text) : (found ?? undefined);
    // The store's own subjects are a lexicon too: a sentence that names one of them with a value states it (frame-match.ts).
    if (!c.summary && dedup && VALUE.test(text)) {
      const index = (this.subjects ??= SubjectIndex.load(stmt));
      const learned = index.size ? learnedFromStore(text, statement, index, c) : undefined;
      if (learned) {
        statement = learned.statement;
        // A new value of a project's subject is a project memory, as the one it replaces.
        if (learned.type === 'project' && c.type === 'fact') c = { ...c, type: 'project' };
      }
    }
    // A change said only by its two values ("from pnpm to bun") is of the subject that holds the old one,
    // unless the patterns found a subject the store knows ("把 Jest 换成了 Vitest" reads as Jest = Vitest).
    if (!c.summary && dedup) {
      const index = (): SubjectIndex => (this.subjects ??= SubjectIndex.load(stmt));
      const changed = changedInStore(text, index, c);
      if (changed && (!statement || index().peersOf(statement.key, c.type, c.dir, statement.value, statement.subject).length === 0)) {
        statement = changed.statement;
        if (changed.type === 'project' && c.type === 'fact') c = { ...c, type: 'project' };
      }
    }
    const subjects = statement && dedup ? (this.subjects ??= SubjectIndex.load(stmt)) : undefined;
    const peers = statement && subjects ? subjects.peersOf(statement.key, c.type, c.dir, statement.value, statement.subject) : [];
    // A subject held in words is not restated by a count ("test command: 3 failures"): the text is stored, stating nothing.
    if (statement && countsSomethingElse(statement, peers)) statement = undefined;
    let decision: WriteDecision | undefined =
      statement && subjects ? decideByStatement(statement, peers, { createdAt: c.createdAt ?? now, explicit: c.explicit, force: c.force }) : undefined;
    // A proposal turned down, with no current value of its subject for it to confirm: nothing changed, nothing to keep.
    // What the user asked to keep is kept.
    if (dedup && !c.explicit && !c.summary && decision?.kind !== 'confirm' && isRefusedProposal(text)) return { action: 'filtered', reason: 'refused' };
    // Without dedup (restoring memories kept elsewhere) only exact repeats are refused.
    if (!decision && dedup) {
      const near = this.eligibleNeighbours(vector, c);
      const stated = (id: number): { key: string | null; value: string | null } | undefined => {
        const row = this.rows.get(id);
        return row && { key: row.subject_key, value: row.value };
      };
      decision = decideWrite(text, foldable(near, stated, statement), policy, { explicit: c.explicit, force: c.force, summary: c.summary });
    }
    decision ??= { kind: 'insert', similarity: 0 };
    // A refusal that names no value kept states no value: stored, it is an episode.
    const states = statement && (statement.stance === 'assert' || statement.value) ? statement : undefined;
    // Said before a memory that states this subject in passing, with another value: history of it.
    if (dedup && decision.kind === 'insert' && states?.stance === 'assert') {
      const newer = newerPartHolder(stmt, states.key, states.value, { at: c.createdAt ?? now, type: c.type, dir: c.dir });
      if (newer !== undefined) decision = { kind: 'historic', newer: { id: newer, type: c.type, text: '', supplement: '', similarity: 0 } };
    }
    const vectorFor = (t: string, from: number): Float32Array | undefined => this.store.embedNow?.(t) ?? this.vectors.vectorOf(from);
    const result = applyDecision({ stmt, vectors: this.vectors, embedderId: this.store.embedderId, displayId, vectorFor }, c, { text, hash, vector, now, ...(states ? { statement: states } : {}) }, decision);
    this.afterWrite(decision, result, states !== undefined);
    return result;
  }

  /** Keeps the batch's caches true to what a decision wrote. */
  private afterWrite(d: WriteDecision, r: WriteResult, stated: boolean): void {
    const changed = [...('target' in d ? [d.target] : []), ...(d.kind === 'supersede' ? d.targets : []), ...(d.kind === 'confirm' ? (d.supersede ?? []) : [])];
    for (const t of changed) this.rows.delete(t.id);
    // A memory that stated this subject in a part of its own may be history now too (apply-write replaceParts).
    for (const x of r.supersedes ?? []) {
      const id = this.store.parseId(x);
      if (id !== undefined) this.rows.delete(id);
    }
    // An index read later reads this write with it.
    const index = this.subjects;
    if (!index) return;
    const ids = [...(r.supersedes ?? []), ...(r.kept ?? []), ...(r.id === undefined ? [] : [r.id])].map((x) => this.store.parseId(x));
    // Only a write that states a value, replaces one, or touches a memory of the index can change it.
    const touches = stated || d.kind === 'supersede' || ids.some((id) => id !== undefined && index.has(id));
    if (touches) for (const id of ids) if (id !== undefined) index.refresh(this.store.stmt, id);
  }

  /** Active neighbours a candidate may be folded into: same directory, or any global. */
  private eligibleNeighbours(v: Float32Array, c: Candidate): NearMemory[] {
    const near = this.vectors.nearest(v, NEIGHBOURS);
    if (near.length === 0) return [];
    const missing = near.map((n) => n.memoryId).filter((id) => !this.rows.has(id));
    for (const [id, row] of this.store.rowsByIds(missing)) this.rows.set(id, row);
    const out: NearMemory[] = [];
    for (const n of near) {
      const row = this.rows.get(n.memoryId);
      if (!row || row.status !== 'active' || !(c.type === 'global' || row.dir === c.dir)) continue;
      out.push({ id: row.id, type: row.type, text: row.text, supplement: row.supplement, similarity: n.similarity, curated: row.reviewed_at !== null });
    }
    return out;
  }
}

const VALUE = /\d/;

function learnedFromStore(text: string, found: Statement | undefined, index: SubjectIndex, c: Candidate): { statement: Statement; type: MemoryType } | undefined {
  const named = index.subjectsNamed(sentenceWords(text), c.type, c.dir);
  if (named.length === 0) return undefined;
  const statement = learnedStatement(text, found, named);
  const type = statement && named.find((n) => n.key === statement.key)?.type;
  return statement && type ? { statement, type } : undefined;
}

function changedInStore(text: string, index: () => SubjectIndex, c: Candidate): { statement: Statement; type: MemoryType } | undefined {
  const change = changeOfValue(text);
  const held = change && index().subjectHolding(change.from, c.type, c.dir);
  return change && held ? { statement: { subject: held.subject, key: held.key, value: change.to, stance: 'assert', other: change.from }, type: held.type } : undefined;
}
