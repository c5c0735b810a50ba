/**
 * A store's approximate vector index: an HNSW graph (usearch, Apache-2.0,
 * prebuilt for Linux, macOS and Windows) kept beside the store file as
 * `<store>.ann`, with `<store>.ann.json` saying what it holds. It only
 * proposes ids: VectorIndex re-scores them with the exact float vectors
 * from the store, and scans the memories written since the build exactly,
 * so a stale or edited entry costs recall, never a wrong score.
 *
 * The index is a cache: deleting both files loses nothing. It is built in
 * the background (`claude-mem index`, started after a session's distill or
 * by a search that found it due), never on the path of a query.
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type { Statement } from 'better-sqlite3';
import type { Index } from 'usearch';
import { parseAnnMeta, type AnnMeta } from './ann-state.js';

type Usearch = typeof import('usearch');

/** Stores smaller than this build their index on one thread (the same graph every time). */
const SERIAL_BUILD_UNDER = 20_000;

/**
 * int8 cells (ScalarKind.I8): a quarter of the float index's size and a third of its build
 * time, at the same recall once re-scored (bench/vector-search.mjs: 100k
 * vectors in 7.5 s on 2 cores, 0.3 ms a query, recall@10 0.997).
 */
const CONNECTIVITY = 16;
const EXPANSION_ADD = 128;
const EXPANSION_SEARCH = 128;

let usearch: Usearch | null | undefined;

/** usearch, loaded on first need (a query on a small store never pays for it); null where it cannot load. */
function loadUsearch(): Usearch | null {
  if (usearch === undefined) {
    try {
      usearch = createRequire(import.meta.url)('usearch') as Usearch;
    } catch {
      usearch = null;
    }
  }
  return usearch;
}

/** usearch itself, for an index kept in memory only (batch-vectors.ts); null where it cannot load. */
export function usearchModule(): Usearch | null {
  return loadUsearch();
}

export function annAvailable(): boolean {
  return loadUsearch() !== null;
}

export const annFiles = (storePath: string): { index: string; meta: string; lock: string } => ({
  index: `${storePath}.ann`,
  meta: `${storePath}.ann.json`,
  lock: `${storePath}.ann.lock`,
});

export function readAnnMeta(storePath: string): AnnMeta | undefined {
  try {
    return parseAnnMeta(readFileSync(annFiles(storePath).meta, 'utf8'));
  } catch {
    return undefined;
  }
}

function newIndex(u: Usearch, dims: number): Index {
  return new u.Index({
    dimensions: dims,
    metric: u.MetricKind.Cos,
    quantization: u.ScalarKind.I8,
    connectivity: CONNECTIVITY,
    expansion_add: EXPANSION_ADD,
    expansion_search: EXPANSION_SEARCH,
    multi: false,
  });
}

/**
 * The index as this process sees it: mapped read-only on first use, mapped
 * again when another process replaced it (the meta file's mtime changed).
 */
/** How long a look at the index's files holds. */
const RECHECK_MS = 500;

export class AnnReader {
  private index: Index | undefined;
  private meta: AnnMeta | undefined;
  private seenMtime = -1;
  private checkedAt = -Infinity;

  constructor(readonly storePath: string) {}

  /** Looks at the files again on the next call (this process just built the index). */
  invalidate(): void {
    this.checkedAt = -Infinity;
  }

  /** The current meta and mapped index, or undefined when there is none that loads. */
  current(): { index: Index; meta: AnnMeta } | undefined {
    // A batch write asks once per candidate: the file is looked at twice a second at most.
    const now = Date.now();
    if (now - this.checkedAt < RECHECK_MS) return this.index && this.meta ? { index: this.index, meta: this.meta } : undefined;
    this.checkedAt = now;
    const files = annFiles(this.storePath);
    const mtime = statSync(files.meta, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime === undefined) {
      this.index = undefined;
      this.meta = undefined;
      this.seenMtime = -1;
      return undefined;
    }
    if (mtime !== this.seenMtime) {
      this.seenMtime = mtime;
      this.index = undefined;
      this.meta = readAnnMeta(this.storePath);
      const u = this.meta ? loadUsearch() : null;
      if (u && this.meta) {
        try {
          const index = newIndex(u, this.meta.dims);
          index.view(files.index);
          this.index = index;
        } catch {
          // A half-copied or foreign file: exact search until the next build replaces it.
          this.meta = undefined;
        }
      }
    }
    return this.index && this.meta ? { index: this.index, meta: this.meta } : undefined;
  }

  /** Up to k memory ids near v with their approximate (int8) cosine, best first. */
  static search(index: Index, v: Float32Array, k: number): Array<{ id: number; similarity: number }> {
    const m = index.search(v, k, 1);
    return Array.from(m.keys, (key, i) => ({ id: Number(key), similarity: 1 - (m.distances[i] ?? 1) }));
  }
}

export interface AnnBuildResult {
  count: number;
  ms: number;
}

/**
 * Builds the index from the store's vectors of one embedder and puts it in
 * place: index file first, then meta, each written beside and renamed, so a
 * reader maps either the old pair or a newer index than its meta says.
 * Returns undefined when another process holds the build lock.
 */
export function buildAnnIndex(stmt: (sql: string) => Statement, storePath: string, embedderId: string, now = Date.now()): AnnBuildResult | undefined {
  const u = loadUsearch();
  if (!u) throw new Error('the vector index library (usearch) does not load on this machine: searches stay exact');
  const files = annFiles(storePath);
  if (!takeLock(files.lock, now)) return undefined;
  try {
    const t0 = Date.now();
    const rows = stmt('SELECT memory_id, embedding FROM memory_vectors WHERE embedder_id = ?').raw().all(embedderId) as Array<[number | bigint, Buffer]>;
    const first = rows[0];
    const dims = first ? first[1].byteLength / 4 : 0;
    const keys = new BigUint64Array(rows.length);
    const matrix = new Float32Array(rows.length * dims);
    let maxId = 0;
    rows.forEach(([id, blob], i) => {
      keys[i] = BigInt(id);
      maxId = Math.max(maxId, Number(id));
      matrix.set(new Float32Array(blob.buffer, blob.byteOffset, dims), i * dims);
    });
    if (rows.length) {
      const index = newIndex(u, dims);
      // Threads add in a different order each run, and so make a different graph: a small store
      // (quick either way) gets the same one every time, so its answers do not vary from build to build.
      index.add(keys, matrix, rows.length < SERIAL_BUILD_UNDER ? 1 : availableParallelism());
      index.save(`${files.index}.${process.pid}.tmp`);
      renameSync(`${files.index}.${process.pid}.tmp`, files.index);
    }
    const ms = Date.now() - t0;
    const meta: AnnMeta = { version: 1, embedderId, dims, count: rows.length, maxId, builtAt: now, buildMs: ms };
    if (rows.length) {
      writeFileSync(`${files.meta}.${process.pid}.tmp`, `${JSON.stringify(meta)}\n`, { mode: 0o600 });
      renameSync(`${files.meta}.${process.pid}.tmp`, files.meta);
    }
    return { count: rows.length, ms };
  } finally {
    rmSync(files.lock, { force: true });
  }
}

/** Removes the index of a store (a cache: the next build makes it again). */
export function removeAnnIndex(storePath: string): void {
  const files = annFiles(storePath);
  rmSync(files.meta, { force: true });
  rmSync(files.index, { force: true });
}

/** A build left by a killed process holds its lock for at most this long. */
const LOCK_STALE_MS = 10 * 60 * 1000;

function takeLock(lock: string, now: number): boolean {
  try {
    closeSync(openSync(lock, 'wx', 0o600));
    return true;
  } catch {
    try {
      if (existsSync(lock) && now - statSync(lock).mtimeMs > LOCK_STALE_MS) {
        rmSync(lock, { force: true });
        closeSync(openSync(lock, 'wx', 0o600));
        return true;
      }
    } catch {
      // Another process took it first.
    }
    return false;
  }
}
