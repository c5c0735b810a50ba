import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { chmodSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoreError } from '../errors.js';
import { ensurePrivateDir, FILE_MODE } from '../fs-private.js';
import { migrate } from './migrations.js';

export type DB = Database.Database;

/** Writers wait this long for each other before giving up (store.busy_timeout_ms). */
export const BUSY_TIMEOUT_MS = 10_000;

function sqliteCode(err: unknown): string | undefined {
  if (err instanceof Database.SqliteError) return err.code;
  return undefined;
}

/** Turns SQLite failures into one sentence that says what to do next. */
export function storeErrorFrom(err: unknown, path: string, busyTimeoutMs = BUSY_TIMEOUT_MS, ours = true): StoreError | undefined {
  const code = sqliteCode(err) ?? (err as { code?: unknown } | undefined)?.code;
  switch (code) {
    case 'SQLITE_NOTADB':
    case 'SQLITE_CORRUPT':
    case 'SQLITE_CORRUPT_VTAB':
      // Advice to move a file away only for a file in claude-mem's own folders.
      return new StoreError(
        ours
          ? `the memory store ${path} is damaged or not a database. Move it aside (mv "${path}" "${path}.bak"); claude-mem starts a new one, and "claude-mem distill --all" re-reads the session logs.`
          : `${path} is not a claude-mem memory store (damaged, or some other file). Check store.db_path in your config; claude-mem did not change the file.`,
      );
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
    case 'SQLITE_BUSY_SNAPSHOT':
      return new StoreError(
        `the memory store ${path} stayed locked by another process for ${busyTimeoutMs / 1000} s. Close other claude-mem or sqlite3 processes using it, then retry.`,
      );
    case 'SQLITE_FULL':
    case 'ENOSPC':
      return new StoreError(`the disk holding ${path} is full. Free some space, then retry; nothing was written.`);
    case 'SQLITE_READONLY':
    case 'SQLITE_READONLY_DBMOVED':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_PERM':
    case 'SQLITE_IOERR':
      return new StoreError(`cannot write the memory store ${path} (${String(code)}). Check that its directory exists and is writable.`);
    default:
      return undefined;
  }
}

export function openDatabase(path: string, opts: { readonly?: boolean; busyTimeoutMs?: number; ours?: boolean } = {}): DB {
  const isMemory = path === ':memory:';
  const busy = opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  const existed = !isMemory && existsSync(path);
  try {
    if (!isMemory && !opts.readonly) ensurePrivateDir(dirname(path));
    const db = new Database(path, { readonly: opts.readonly ?? false, fileMustExist: opts.readonly ?? false });
    db.pragma(`busy_timeout = ${busy}`);
    if (!opts.readonly) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    // Vector scans read the whole vec0 table: keep it in cache and mmap.
    db.pragma('cache_size = -32000');
    db.pragma('mmap_size = 268435456');
    sqliteVec.load(db);
    if (!opts.readonly) migrate(db);
    // Only a file we just created gets our mode: an existing one keeps its owner's.
    if (!isMemory && !existed && existsSync(path)) {
      try {
        chmodSync(path, FILE_MODE);
      } catch {
        // SQLite could still open it.
      }
    }
    return db;
  } catch (err) {
    throw storeErrorFrom(err, path, busy, opts.ours ?? true) ?? err;
  }
}

/** Runs fn, converting SQLite errors into user-facing ones. */
export function guarded<T>(path: string, fn: () => T, busyTimeoutMs?: number): T {
  try {
    return fn();
  } catch (err) {
    throw storeErrorFrom(err, path, busyTimeoutMs) ?? err;
  }
}
