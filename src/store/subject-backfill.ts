import type Database from 'better-sqlite3';
import { statementOf } from '../text/statement.js';

/** A session summary's head (distill/summary.ts): it quotes what was asked, and states no value of its own. */
const SUMMARY_HEAD = /^\S+ (?:session: |会话：)/u;

/**
 * Subjects for memories written before subjects existed (migration 013),
 * by the same rules as the write path. Summaries are skipped, as there.
 */
export function backfillSubjects(db: Database.Database): void {
  const rows = db.prepare("SELECT id, text FROM memories WHERE subject_key IS NULL AND type != 'global'").all() as Array<{ id: number; text: string }>;
  const set = db.prepare('UPDATE memories SET subject = ?, subject_key = ?, value = ? WHERE id = ?');
  for (const r of rows) {
    if (SUMMARY_HEAD.test(r.text)) continue;
    const st = statementOf(r.text);
    if (st && st.value) set.run(st.subject, st.key, st.value, r.id);
  }
}
