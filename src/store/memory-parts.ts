import type { Statement as SqlStatement } from 'better-sqlite3';
import type { DB } from './db.js';
import { statementParts } from '../text/statement-parts.js';
import { equalValue } from '../text/subject-key.js';
import { statementCache } from './statements.js';
import { inScope } from './subject-index.js';
import type { MemoryType } from './types.js';

type Stmt = (sql: string) => SqlStatement;

/** A subject a text states besides its own, and the value it says. */
export interface OtherPart {
  key: string;
  value: string;
}

/** The subjects a text states besides its own (`primaryKey`), each once, in order. */
export function otherParts(text: string, primaryKey: string): OtherPart[] {
  const seen = new Set([primaryKey]);
  const out: OtherPart[] = [];
  for (const p of statementParts(text)) {
    if (p.key === undefined || seen.has(p.key)) continue;
    seen.add(p.key);
    out.push({ key: p.key, value: p.value ?? '' });
  }
  return out;
}

/**
 * The subjects a memory states besides its own (memory_parts): "包管理器用
 * pnpm，测试命令是 pnpm test:unit" is the package manager's memory, and
 * states the test command too. A newer value of the test command makes
 * that part history; without this row nothing would find it, and the old
 * command would stay in the block beside the new one.
 */
export function recordParts(stmt: Stmt, id: number, parts: readonly OtherPart[]): void {
  stmt('DELETE FROM memory_parts WHERE memory_id = ?').run(id);
  const add = stmt('INSERT INTO memory_parts (memory_id, subject_key, value) VALUES (?, ?, ?)');
  for (const p of parts) add.run(id, p.key, p.value);
}

/** Where the memory that states a new value belongs, and when it was said. */
export interface PartScope {
  by: number;
  at: number;
  type: MemoryType;
  dir: string;
}

/**
 * The current memories, where a memory of this type and directory belongs,
 * that state `key` (as their own subject, with `primary`, or in a part of
 * their own) with a value other than `value`, said before `at` and not
 * reviewed after it: the new value replaces what they said of it.
 */
export function holdersOf(stmt: Stmt, key: string, value: string, o: PartScope, primary: boolean): number[] {
  const inParts = `SELECT p.memory_id AS id, p.value AS value, m.type AS type, m.dir AS dir FROM memory_parts p JOIN memories m ON m.id = p.memory_id
     WHERE p.subject_key = ? AND m.status = 'active' AND m.id != ? AND m.created_at <= ? AND (m.reviewed_at IS NULL OR m.reviewed_at < ?)`;
  const asSubject = `SELECT id, value, type, dir FROM memories
     WHERE subject_key = ? AND status = 'active' AND id != ? AND created_at <= ? AND (reviewed_at IS NULL OR reviewed_at < ?)`;
  const rows = [
    ...(stmt(inParts).all(key, o.by, o.at, o.at) as HolderRow[]),
    ...(primary ? (stmt(asSubject).all(key, o.by, o.at, o.at) as HolderRow[]) : []),
  ];
  return [...new Set(rows.filter((r) => inScope(r, o.type, o.dir) && !equalValue(r.value ?? '', value)).map((r) => r.id))];
}

/**
 * A current memory that states `key` in a part of its own with another
 * value, said after `at`: a statement made before it (an old transcript
 * imported late) is history of it, not the current value.
 */
export function newerPartHolder(stmt: Stmt, key: string, value: string, o: Omit<PartScope, 'by'>): number | undefined {
  const rows = stmt(
    `SELECT p.memory_id AS id, p.value AS value, m.type AS type, m.dir AS dir FROM memory_parts p JOIN memories m ON m.id = p.memory_id
     WHERE p.subject_key = ? AND m.status = 'active' AND m.created_at > ? ORDER BY m.created_at DESC`,
  ).all(key, o.at) as HolderRow[];
  return rows.find((r) => inScope(r, o.type, o.dir) && !equalValue(r.value ?? '', value))?.id;
}

interface HolderRow {
  id: number;
  value: string | null;
  type: MemoryType;
  dir: string;
}

/** The parts of the current memories written before memory_parts existed (migration 020), by the same rules. */
export function backfillParts(db: DB): void {
  const rows = db.prepare("SELECT id, text, subject_key FROM memories WHERE status = 'active' AND subject_key IS NOT NULL").all() as Array<{ id: number; text: string; subject_key: string }>;
  const stmt = statementCache(db);
  for (const r of rows) recordParts(stmt, r.id, otherParts(r.text, r.subject_key));
}
