import { readFileSync, renameSync, rmSync, appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readVersion } from '../store/version.js';
import type { Config, Paths } from '../config/index.js';
import { writePrivateFile, FILE_MODE } from '../fs-private.js';
import { quickHash } from '../ids.js';

/**
 * The memory block for a directory, computed by the last process that had
 * SQLite open (the background distiller, or a launch that missed), so the
 * next launch can hand it over without loading SQLite or the tokenizer.
 *
 * The key covers everything the block depends on: the directory, the git
 * facts of the launch query, the config that shapes the block, today's date
 * (old memories are shown with theirs), and both stores' content versions
 * (store/version.ts), read before the block is computed: a write that lands
 * meanwhile changes the version and the entry is never used. Heat is not
 * part of it; it only reorders. A launch with a prompt in argv never uses
 * the cache: the prompt ranks the facts.
 *
 * An entry whose stores and config still match but whose git facts or day
 * do not (a commit since, the first launch of the day) is still handed
 * over: every memory in it exists and says what it said. The launch then
 * asks for a warm in the background instead of rebuilding on the user's
 * way to the prompt (a rebuild opens SQLite and searches: ~+70 ms).
 */
export interface CachedBlock {
  text: string;
  tokens: number;
  /** Memories in the block, for their heat. */
  ids: Array<{ scope: 'user' | 'project'; rowid: number }>;
}

/** `key` is everything the block depends on; `content` only the stores, the config and the directory; `stores` the two content versions read. */
export interface CacheKeys {
  key: string;
  content: string;
  stores: [string, string];
}

const storeVersions = (paths: Paths): [string, string] => [readVersion(dirname(paths.userDb)), readVersion(dirname(paths.projectDb))];

interface CacheFile {
  version: 1;
  entries: Record<string, { key: string; content?: string; block: CachedBlock }>;
}

/** Directories remembered per project: launches come from a few. */
const MAX_ENTRIES = 8;

const cachePath = (paths: Paths): string => join(paths.projectDataDir, 'context-cache.json');
const heatPath = (paths: Paths): string => join(paths.projectDataDir, 'heat-pending.jsonl');


export function cacheKey(o: { cwd: string; paths: Paths; config: Config; branch?: string; commitSubjects?: string[]; now?: number }): CacheKeys {
  const { paths, config } = o;
  const content = {
    v: 1,
    cwd: o.cwd,
    config: { inject: config.inject, retrieval: config.retrieval, decay: config.decay, model: config.store.vector_model },
    stores: storeVersions(paths),
  };
  const context = {
    branch: o.branch ?? null,
    commits: o.commitSubjects ?? [],
    day: Math.floor((o.now ?? Date.now()) / 86_400_000),
  };
  const hash = (v: unknown): string => quickHash(JSON.stringify(v));
  return { key: hash({ ...content, ...context }), content: hash(content), stores: content.stores };
}

function readCache(paths: Paths): CacheFile {
  try {
    const parsed = JSON.parse(readFileSync(cachePath(paths), 'utf8')) as CacheFile;
    if (parsed.version === 1 && typeof parsed.entries === 'object') return parsed;
  } catch {
    // Missing or damaged: start over.
  }
  return { version: 1, entries: {} };
}

/** The entry for `cwd`: fresh when everything matches, stale when only the git facts or the day differ. */
export function lookupBlock(paths: Paths, cwd: string, keys: CacheKeys): { block: CachedBlock; fresh: boolean } | undefined {
  const e = readCache(paths).entries[cwd];
  if (!e) return undefined;
  if (e.key === keys.key) return { block: e.block, fresh: true };
  return e.content === keys.content ? { block: e.block, fresh: false } : undefined;
}

/** Every project folder holding a cached block, so forgetting a global memory reaches all their copies. */
const registryPath = (paths: Paths): string => join(paths.userDataDir, 'block-caches.txt');

function registeredCaches(paths: Paths): string[] {
  try {
    return readFileSync(registryPath(paths), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

function register(paths: Paths): void {
  const path = cachePath(paths);
  if (registeredCaches(paths).includes(path)) return;
  try {
    appendFileSync(registryPath(paths), `${path}\n`, { mode: FILE_MODE });
  } catch {
    // Unregistered, this cache is only cleaned by its own project's forget.
  }
}

/**
 * A forgotten memory must not live on in a cached block: every entry that
 * holds it goes (the next launch rebuilds). A project memory is only in its
 * project's cache; a global one may be in any project's.
 */
export function dropBlocksWith(paths: Paths, id: CachedBlock['ids'][number]): void {
  const files = id.scope === 'project' ? [cachePath(paths)] : [...new Set([cachePath(paths), ...registeredCaches(paths)])];
  for (const path of files) {
    let file: CacheFile;
    try {
      file = JSON.parse(readFileSync(path, 'utf8')) as CacheFile;
    } catch {
      continue;
    }
    const before = Object.keys(file.entries ?? {}).length;
    for (const [cwd, e] of Object.entries(file.entries ?? {})) {
      if (e.block.ids.some((x) => x.scope === id.scope && x.rowid === id.rowid)) delete file.entries[cwd];
    }
    if (Object.keys(file.entries).length === before) continue;
    try {
      writePrivateFile(path, JSON.stringify(file));
    } catch {
      rmSync(path, { force: true });
    }
  }
}

/**
 * A block is saved only while the stores are still the ones it was read
 * from. A `forget` that landed meanwhile (it commits, bumps the version,
 * then drops the cached blocks holding the memory) would otherwise see
 * nothing to drop and be followed by this write of the forgotten text. The
 * versions are read again after the write too: a forget between the check
 * and the write dropped nothing of ours, so the entry is taken back out.
 */
export function saveBlock(paths: Paths, cwd: string, keys: CacheKeys, block: CachedBlock): void {
  const moved = (): boolean => storeVersions(paths).some((v, i) => v !== keys.stores[i]);
  if (moved()) return;
  writeBlock(paths, cwd, keys, block);
  if (!moved()) return;
  const file = readCache(paths);
  if (file.entries[cwd]?.key !== keys.key) return;
  delete file.entries[cwd];
  try {
    writePrivateFile(cachePath(paths), JSON.stringify(file));
  } catch {
    rmSync(cachePath(paths), { force: true });
  }
}

function writeBlock(paths: Paths, cwd: string, keys: CacheKeys, block: CachedBlock): void {
  const file = readCache(paths);
  register(paths);
  file.entries[cwd] = { key: keys.key, content: keys.content, block };
  const names = Object.keys(file.entries);
  for (const old of names.slice(0, Math.max(0, names.length - MAX_ENTRIES))) delete file.entries[old];
  try {
    writePrivateFile(cachePath(paths), JSON.stringify(file));
  } catch {
    // A cache that cannot be written only costs the next launch some time.
  }
}

/** A launch that used the cache owes its memories their heat; the next store writer pays it. */
export function recordPendingHeat(paths: Paths, ids: CachedBlock['ids']): void {
  if (ids.length === 0) return;
  try {
    appendFileSync(heatPath(paths), `${JSON.stringify({ at: Date.now(), ids })}\n`, { mode: FILE_MODE });
  } catch {
    // Heat is a ranking hint; losing one launch's worth is harmless.
  }
}

/** Takes the pending heat (renamed first, so two processes never apply it twice). */
export function takePendingHeat(paths: Paths): Array<{ at: number; ids: CachedBlock['ids'] }> {
  const claimed = `${heatPath(paths)}.${process.pid}`;
  try {
    renameSync(heatPath(paths), claimed);
  } catch {
    return [];
  }
  try {
    return readFileSync(claimed, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { at: number; ids: CachedBlock['ids'] });
  } catch {
    return [];
  } finally {
    rmSync(claimed, { force: true });
  }
}
