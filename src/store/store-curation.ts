import { screenCandidate } from './write-decision.js';
import { applyDecision } from './apply-write.js';
import { statementOf } from '../text/statement.js';
import { StoreWriter } from './store-write.js';
import type { Candidate, Memory, MemoryType, WritePolicy, WriteResult } from './types.js';
import { TEAM_AGENT_PREFIX, teamAuthorOf } from '../text/team-agent.js';

/** What a person does to memories: forget, edit, review, retype, archive. */
export class StoreCuration extends StoreWriter {
  /** Really deletes: the row, its FTS entry and its vector. */
  forget(rowid: number): boolean {
    this.requireWritable();
    const deleted = this.run(() =>
      this.db
        .transaction(() => {
          const info = this.stmt('DELETE FROM memories WHERE id = ?').run(rowid);
          this.stmt('UPDATE id_floor SET v = MAX(v, ?)').run(rowid);
          this.stmt('DELETE FROM memories_fts WHERE rowid = ?').run(rowid);
          this.stmt('DELETE FROM memory_parts WHERE memory_id = ?').run(rowid);
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
   * another memory already says exactly that. A teammate's memory is not
   * written over: the correction is a new memory of the user's own that
   * supersedes it.
   */
  async edit(rowid: number, text: string, policy: WritePolicy, now = Date.now()): Promise<WriteResult> {
    this.requireWritable();
    const m = this.get(rowid);
    if (!m) return { action: 'filtered', reason: 'empty' };
    const target = { id: rowid, type: m.type, text: m.text, supplement: m.supplement, similarity: 1 };
    // A teammate's memory is theirs: a correction of it is a new memory of the user's own that
    // supersedes it here (history keeps both, each with its author), and it is shared as the user's.
    const teammate = teamAuthorOf(m.agent) !== undefined;
    const c: Candidate = teammate
      ? { type: m.type, text, dir: m.dir, agent: 'user', source: 'remember', explicit: true, reviewed: true }
      : { type: m.type, text, dir: m.dir, agent: m.agent, explicit: true };
    const screened = screenCandidate(c, policy);
    if (!('text' in screened)) return screened;
    const [vector] = await this.embedder.embed([screened.text]);
    if (!vector) throw new Error('the embedder returned no vector');
    const r = this.run(() =>
      this.db
        .transaction((): WriteResult => {
          const same = this.stmt('SELECT id FROM memories WHERE content_hash = ?').get(screened.hash) as { id: number } | undefined;
          if (same) return { action: 'duplicate', id: this.displayId(same.id), similarity: 1 };
          // A value the person wrote is the memory's value now.
          const statement = statementOf(screened.text);
          const w = { text: screened.text, hash: screened.hash, vector, now, ...(statement?.value ? { statement } : {}) };
          const db = { stmt: this.stmt, vectors: this.vectors, embedderId: this.embedder.id, displayId: (x: number) => this.displayId(x) };
          if (teammate) return applyDecision(db, c, w, { kind: 'supersede', targets: [target] });
          const written = applyDecision(db, c, w, { kind: 'update', target });
          // A person wrote this text: it counts as reviewed.
          if (written.action === 'updated') this.stmt('UPDATE memories SET reviewed_at = ? WHERE id = ?').run(now, rowid);
          return written;
        })
        .immediate(),
    );
    if (r.action === 'updated' || r.action === 'inserted') this.markChanged();
    return r;
  }

  /** Active memories no person has reviewed yet, oldest first. */
  // A teammate's memory is theirs to review, not this user's work: team agents are left out.
  pendingReview(): Memory[] {
    return this.run(() => this.memoryRows(`SELECT * FROM memories WHERE status = 'active' AND reviewed_at IS NULL AND agent NOT LIKE '${TEAM_AGENT_PREFIX}%' ORDER BY created_at, id`).map((r) => this.toMemory(r)));
  }

  pendingReviewCount(): number {
    return this.run(() => this.stmt(`SELECT COUNT(*) FROM memories WHERE status = 'active' AND reviewed_at IS NULL AND agent NOT LIKE '${TEAM_AGENT_PREFIX}%'`).pluck().get() as number);
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
}
