import type Database from 'better-sqlite3';
import { accessSync, chmodSync, constants as fsConstants, copyFileSync, existsSync, mkdtempSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { StoreError } from '../errors.js';
import { ensurePrivateDir, FILE_MODE } from '../fs-private.js';
import { sqliteAddonPath, sqliteDatabase, vecExtension } from './native-libs.js';

export type DB = Database.Database;

/**
 * What a store's opener does to a fresh connection before handing it out
 * (db.ts migrates; a launch's reader only checks that nothing is pending):
 * passed in, so a reader never loads the migrations and what they import.
 */
export type Prepare = (db: DB) => void;

export interface OpenOptions {
  readonly?: boolean;
  busyTimeoutMs?: number;
  ours?: boolean;
}

/** Writers wait this long for each other before giving up (store.busy_timeout_ms). */
export const BUSY_TIMEOUT_MS = 10_000;

function sqliteCode(err: unknown): string | undefined {
  if (err instanceof sqliteDatabase().SqliteError) return err.code;
  return undefined;
}

/** Less than this free on the store's filesystem reads as full. */
const FULL_BELOW_BYTES = 1024 * 1024;

/** Whether the filesystem holding `path` has (almost) no room left for its user. */
function nearlyFull(path: string): boolean {
  try {
    const fs = statfsSync(dirname(path));
    return fs.bavail * fs.bsize < FULL_BELOW_BYTES;
  } catch {
    return false;
  }
}

const DAMAGE_MESSAGE = /chunks iter error|vec0 \w+ error: validity|chunk (?:validity|rowids|vectors?)[^]*?(?:size|match)|Internal sqlite-vec error|could not (?:read|close) vector blob|database disk image is malformed|file is not a database/i;

/** Turns SQLite failures into one sentence that says what to do next. */
export function storeErrorFrom(err: unknown, path: string, busyTimeoutMs = BUSY_TIMEOUT_MS, ours = true): StoreError | undefined {
  let code = sqliteCode(err) ?? (err as { code?: unknown } | undefined)?.code;
  // Damage found mid-query comes as a plain SQLITE_ERROR from the vector
  // extension ("chunks iter error") or as a malformed-image message.
  if (DAMAGE_MESSAGE.test(err instanceof Error ? err.message : '')) code = 'SQLITE_CORRUPT';
  // A folder where the store file should be (EISDIR from a copy or open).
  if (code === 'EISDIR') code = 'SQLITE_NOTADB';
  switch (code) {
    case 'SQLITE_NOTADB':
    case 'SQLITE_CORRUPT':
    case 'SQLITE_CORRUPT_VTAB':
      // Advice to move a file away only for a file in claude-mem's own folders.
      return new StoreError(
        ours
          ? `the memory store ${path} is damaged or not a database. Move it aside (mv "${path}" "${path}.bak"); claude-mem starts a new one, and "claude-mem distill --all" re-reads the session logs.`
          : `${path} is not a claude-mem memory store (damaged, or some other file). Check store.db_path in your config; claude-mem did not change the file.`,
        'corrupt',
      );
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
    case 'SQLITE_BUSY_SNAPSHOT':
      return new StoreError(
        `the memory store ${path} stayed locked by another process for ${busyTimeoutMs / 1000} s. Close other claude-mem or sqlite3 processes using it, then retry.`,
        'busy',
      );
    case 'SQLITE_FULL':
    case 'ENOSPC':
      return new StoreError(`the disk holding ${path} is full. Free some space, then retry; nothing was written.`, 'full');
    case 'SQLITE_READONLY':
    case 'SQLITE_READONLY_DBMOVED':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_PERM':
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return new StoreError(`cannot write the memory store ${path} (${String(code)}): its folder is read-only. Check that it exists and is writable.`, 'readonly');
    default:
      // An I/O error of any kind (SQLITE_IOERR_WRITE, _SHMSIZE, …): on a full
      // disk SQLite often says this rather than SQLITE_FULL, e.g. when the
      // WAL's shared-memory file cannot be sized while the store opens.
      if (typeof code !== 'string' || !code.startsWith('SQLITE_IOERR')) return undefined;
      if (nearlyFull(path)) return new StoreError(`the disk holding ${path} is full. Free some space, then retry; nothing was written.`, 'full');
      return new StoreError(`cannot write the memory store ${path} (${code}). Check that its directory exists and is writable.`);
  }
}

/** Opening attempts when SQLite reports busy without waiting (see openDatabaseWith). */
const OPEN_ATTEMPTS = 6;

/**
 * SQLite can answer SQLITE_BUSY at once, without calling the busy handler,
 * while another connection is switching a new store to WAL or recovering
 * its WAL index: several claude-mem processes opening one store together
 * saw that rarely (once in a loaded test run). Opening is retried after a
 * short pause; real lock waits still go through busy_timeout.
 */
export function openDatabaseWith(path: string, opts: OpenOptions, prepare: Prepare): DB {
  for (let attempt = 1; ; attempt++) {
    try {
      return openOnce(path, opts, prepare);
    } catch (err) {
      if (!(err instanceof StoreError) || err.failure !== 'busy' || attempt >= OPEN_ATTEMPTS) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25 * attempt + Math.floor(Math.random() * 25));
    }
  }
}

function openOnce(path: string, opts: OpenOptions, prepare: Prepare): DB {
  const isMemory = path === ':memory:';
  const busy = opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  const existed = !isMemory && existsSync(path);
  try {
    if (!isMemory && !opts.readonly) ensurePrivateDir(dirname(path));
    const addon = sqliteAddonPath();
    const SQLite = sqliteDatabase();
    const db = new SQLite(path, { readonly: opts.readonly ?? false, fileMustExist: opts.readonly ?? false, ...(addon ? { nativeBinding: addon } : {}) });
    db.pragma(`busy_timeout = ${busy}`);
    if (!opts.readonly) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    // Deleted rows are overwritten with zeros, not left in free pages: forget means gone (README, Privacy).
    db.pragma('secure_delete = ON');
    // Vector scans read the whole vec0 table: keep it in cache and mmap.
    db.pragma('cache_size = -32000');
    db.pragma('mmap_size = 268435456');
    db.loadExtension(vecExtension());
    if (!opts.readonly) prepare(db);
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

/**
 * How a store was opened: normally; from a private snapshot because its
 * folder is read-only (reads work, writes are refused); or not at all
 * because it does not exist and cannot be created (an empty stand-in).
 */
export type StoreAccess = 'read-write' | 'snapshot' | 'full' | 'none' | 'absent';

export interface OpenedStore {
  db: DB;
  /** 'absent': not created, because the caller only reads (an empty stand-in). */
  access: StoreAccess;
  /** True when this call created the store file. */
  created: boolean;
  /** Removes the snapshot, if one was made. */
  cleanup: () => void;
}

/**
 * Opens a store for a client that mostly reads. SQLite cannot open a WAL
 * database in a read-only folder (it must create the -shm file), so when
 * the folder is read-only the store is copied to a private temporary
 * folder and read from there: `list` and `query` work on a read-only
 * checkout or mount, and nothing is ever written to the original.
 */
export function openStoreWith(path: string, opts: { busyTimeoutMs?: number; ours?: boolean; scratchDir?: string; create?: boolean }, prepare: Prepare): OpenedStore {
  const exists = path === ':memory:' || existsSync(path);
  if (exists && path !== ':memory:' && statSync(path).isDirectory()) {
    throw storeErrorFrom(Object.assign(new Error('is a directory'), { code: 'EISDIR' }), path, opts.busyTimeoutMs, opts.ours ?? true) as StoreError;
  }
  // A reader never creates a store: listing an empty directory leaves no trace in it.
  if (!exists && opts.create === false) return { db: openDatabaseWith(':memory:', {}, prepare), access: 'absent', created: false, cleanup: () => undefined };
  try {
    // A read-only folder whose store another process holds in WAL mode opens,
    // then fails at the first write (SQLITE_READONLY): ask the folder first.
    if (exists && path !== ':memory:' && !folderWritable(dirname(path))) throw new StoreError(`the store folder of ${path} is read-only`, 'readonly');
    return { db: openDatabaseWith(path, opts, prepare), access: 'read-write', created: !exists, cleanup: () => undefined };
  } catch (err) {
    // A full disk cannot take even the reader's shared-memory file: reads still work, from a copy.
    if (!(err instanceof StoreError) || (err.failure !== 'readonly' && err.failure !== 'full')) throw err;
    if (err.failure === 'full' && !existsSync(path)) throw err;
    if (!existsSync(path)) return { db: openDatabaseWith(':memory:', {}, prepare), access: 'none', created: false, cleanup: () => undefined };
    const dir = mkdtempSync(join(scratchDirFor(opts.scratchDir), 'ro-'));
    const copy = join(dir, 'mem.db');
    try {
      copyFileSync(path, copy);
      if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
      const db = openDatabaseWith(copy, { busyTimeoutMs: opts.busyTimeoutMs, ours: false }, prepare);
      return { db, access: err.failure === 'full' ? 'full' : 'snapshot', created: false, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    } catch (copyErr) {
      rmSync(dir, { recursive: true, force: true });
      throw storeErrorFrom(copyErr, path, opts.busyTimeoutMs, opts.ours ?? true) ?? copyErr;
    }
  }
}

function folderWritable(dir: string): boolean {
  try {
    accessSync(dir, fsConstants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** A private folder for snapshots: the user's data dir when it is writable, else the system's temp dir (mkdtemp makes it 0700). */
function scratchDirFor(preferred: string | undefined): string {
  if (preferred) {
    try {
      ensurePrivateDir(preferred);
      return preferred;
    } catch {
      // Read-only as well: fall back.
    }
  }
  return tmpdir();
}
