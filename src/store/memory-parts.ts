import type { Statement as SqlStatement } from 'better-sqlite3';
import type { DB } from './db.js';
import { statementParts } from '../text/statement-parts.js';
import { equalValue } from '../text/subject-key.js';
import { statementCache } from './statements.js';
import type { MemoryType } from './types.js';

type Stmt = (sql: string) => SqlStatement;

/**
 * The subjects a memory states besides its own (memory_parts): "包管理器用
 * pnpm，测试命令是 pnpm test:unit" is the package manager's memory, and
 * states the test command too. A newer value of the test command makes
 * that part history; without this row nothing would find it, and the old
 * command would stay in the block beside the new one.
 */
export function recordParts(stmt: Stmt, id: number, text: string, primaryKey: string | undefined): void {
  stmt('DELETE FROM memory_parts WHERE memory_id = ?').run(id);
  if (primaryKey === undefined) return;
  const add = stmt('INSERT INTO memory_parts (memory_id, subject_key, value) VALUES (?, ?, ?)');
  const seen = new Set([primaryKey]);
  for (const p of statementParts(text)) {
    if (p.key === undefined || seen.has(p.key)) continue;
    seen.add(p.key);
    add.run(id, p.key, p.value ?? '');
  }
}

/**
 * The current memories, where a memory of this type and directory belongs,
 * that state `key` in a part of their own and say a value other than
 * `value`, written before `at`: the new value replaces that part.
 */
export function partHolders(stmt: Stmt, key: string, value: string, o: { by: number; at: number; type: MemoryType; dir: string }): number[] {
  const rows = stmt(
    `SELECT p.memory_id AS id, p.value AS value, m.type AS type, m.dir AS dir FROM memory_parts p JOIN memories m ON m.id = p.memory_id
     WHERE p.subject_key = ? AND m.status = 'active' AND m.id != ? AND m.created_at <= ?`,
  ).all(key, o.by, o.at) as Array<{ id: number; value: string; type: MemoryType; dir: string }>;
  const inScope = (r: { type: MemoryType; dir: string }): boolean => (o.type === 'global' ? r.type === 'global' : r.type !== 'global' && r.dir === o.dir);
  return rows.filter((r) => inScope(r) && !equalValue(r.value, value)).map((r) => r.id);
}

/** The parts of the current memories written before memory_parts existed (migration 020), by the same rules. */
export function backfillParts(db: DB): void {
  const rows = db.prepare("SELECT id, text, subject_key FROM memories WHERE status = 'active' AND subject_key IS NOT NULL").all() as Array<{ id: number; text: string; subject_key: string }>;
  const stmt = statementCache(db);
  for (const r of rows) recordParts(stmt, r.id, r.text, r.subject_key);
}
