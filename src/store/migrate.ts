import type Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations.js';

/**
 * The steps a store lacks, in order. With `deferLayout` (a launch), an
 * existing store skips its layout-only steps: the launch reads it as it is,
 * and the background distiller or the next command lays it out. The steps
 * after them still apply (a launch must read the columns they add), so a
 * step never depends on an earlier layout-only one.
 */
export function pendingMigrations(applied: Set<string>, o: { deferLayout?: boolean } = {}): Migration[] {
  const pending = MIGRATIONS.filter((m) => !applied.has(m.name));
  if (!o.deferLayout || applied.size === 0) return pending;
  return pending.filter((m) => !m.layoutOnly);
}

export function migrate(db: Database.Database, o: { deferLayout?: boolean } = {}): void {
  db.exec('CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set((db.prepare('SELECT name FROM _migrations').all() as { name: string }[]).map((r) => r.name));
  const pending = pendingMigrations(applied, o);
  if (pending.length === 0) return;
  // IMMEDIATE: two processes opening a new store at once must not both migrate.
  db.transaction(() => {
    const again = new Set((db.prepare('SELECT name FROM _migrations').all() as { name: string }[]).map((r) => r.name));
    for (const m of pending) {
      if (again.has(m.name)) continue;
      m.up(db);
      db.prepare('INSERT INTO _migrations (name, applied_at) VALUES (?, ?)').run(m.name, Date.now());
    }
  }).immediate();
}
