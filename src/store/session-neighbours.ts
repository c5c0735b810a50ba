import type { Statement } from 'better-sqlite3';
import type { MemoryRow } from './rows.js';

/** The memories written just before and after a row in its session, if any. */
export function sessionNeighbours(stmt: (sql: string) => Statement, row: Pick<MemoryRow, 'id' | 'session_id'>): { before?: MemoryRow; after?: MemoryRow } {
  if (!row.session_id) return {};
  const before = stmt('SELECT * FROM memories WHERE session_id = ? AND id < ? ORDER BY id DESC LIMIT 1').get(row.session_id, row.id) as MemoryRow | undefined;
  const after = stmt('SELECT * FROM memories WHERE session_id = ? AND id > ? ORDER BY id LIMIT 1').get(row.session_id, row.id) as MemoryRow | undefined;
  return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
}
