import type { Statement } from 'better-sqlite3';
import type { DB } from './db-open.js';

/** Prepared once per connection: preparing costs more than most of our queries. */
export function statementCache(db: DB): (sql: string) => Statement {
  const cache = new Map<string, Statement>();
  return (sql) => {
    let st = cache.get(sql);
    if (!st) {
      st = db.prepare(sql);
      cache.set(sql, st);
    }
    return st;
  };
}
