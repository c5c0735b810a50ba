import { migrate } from './migrate.js';
import { openDatabaseWith, openStoreWith, type DB, type OpenedStore, type OpenOptions } from './db-open.js';

export { BUSY_TIMEOUT_MS, guarded, storeErrorFrom, type DB, type OpenedStore, type StoreAccess } from './db-open.js';

/**
 * The store's connection, migrated. `deferLayout`: for a launch, which
 * leaves a long layout-only step to the next process (migrations.ts).
 */
export function openDatabase(path: string, opts: OpenOptions & { deferLayout?: boolean } = {}): DB {
  return openDatabaseWith(path, opts, (db) => migrate(db, { deferLayout: opts.deferLayout }));
}

/** openStoreWith (db-open.ts), migrated as openDatabase is. */
export function openStore(path: string, opts: { busyTimeoutMs?: number; ours?: boolean; scratchDir?: string; create?: boolean; deferLayout?: boolean } = {}): OpenedStore {
  return openStoreWith(path, opts, (db) => migrate(db, { deferLayout: opts.deferLayout }));
}
