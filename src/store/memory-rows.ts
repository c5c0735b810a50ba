import type { Statement } from 'better-sqlite3';
import type { DB } from './db-open.js';
import type { MemoryRow } from './rows.js';

type Cell = MemoryRow[keyof MemoryRow];
type Positions = Record<keyof MemoryRow, number>;

/** The columns of MemoryRow. A statement's own order is read from it; one it does not select (hottest reads ten, rows.ts HOT_COLUMNS) or an older store lacks is undefined. */
const COLUMNS: Array<keyof MemoryRow> = [
  'id', 'type', 'text', 'supplement', 'dir', 'agent', 'session_id', 'source', 'created_at', 'last_accessed_at',
  'heat', 'status', 'content_hash', 'embedder_id', 'superseded_by', 'reviewed_at', 'subject', 'subject_key', 'value', 'valid_to',
];

/**
 * Rows of `SELECT … FROM memories …`, read as arrays and made objects
 * here. better-sqlite3 builds a row object of twenty named columns about
 * three times slower than it returns the array (300 rows: ~4 ms against
 * ~1.5 ms on this machine), and a rebuilt launch reads two such pages
 * before the wrapped CLI starts. Statements are prepared once per
 * connection, apart from the object-row cache (statements.ts): raw mode
 * is a statement's own setting.
 */
export function memoryRowReader(db: DB): (sql: string, ...params: unknown[]) => MemoryRow[] {
  const cache = new Map<string, { st: Statement; at: Positions }>();
  return (sql, ...params) => {
    let c = cache.get(sql);
    if (!c) {
      const st = db.prepare(sql).raw(true);
      const names = st.columns().map((col) => col.name);
      const at = Object.fromEntries(COLUMNS.map((k) => [k, names.indexOf(k)])) as Positions;
      cache.set(sql, (c = { st, at }));
    }
    const { at } = c;
    return (c.st.all(...params) as Cell[][]).map((a) => rowOf(a, at));
  };
}

/** One literal of one shape for every row (a[-1], a column the store lacks, is undefined as before). */
function rowOf(a: Cell[], at: Positions): MemoryRow {
  return {
    id: a[at.id] as number,
    type: a[at.type] as MemoryRow['type'],
    text: a[at.text] as string,
    supplement: a[at.supplement] as string,
    dir: a[at.dir] as string,
    agent: a[at.agent] as string,
    session_id: a[at.session_id] as string | null,
    source: a[at.source] as string | null,
    created_at: a[at.created_at] as number,
    last_accessed_at: a[at.last_accessed_at] as number,
    heat: a[at.heat] as number,
    status: a[at.status] as MemoryRow['status'],
    content_hash: a[at.content_hash] as string,
    embedder_id: a[at.embedder_id] as string,
    superseded_by: a[at.superseded_by] as number | null,
    reviewed_at: a[at.reviewed_at] as number | null,
    subject: a[at.subject] as string | null,
    subject_key: a[at.subject_key] as string | null,
    value: a[at.value] as string | null,
    valid_to: a[at.valid_to] as number | null,
  };
}
