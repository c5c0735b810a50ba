import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readVersion } from '../store/version.js';
import type { Config, Paths } from '../config/index.js';
import { writePrivateFile, FILE_MODE } from '../fs-private.js';

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
 */
export interface CachedBlock {
  text: string;
  tokens: number;
  /** Memories in the block, for their heat. */
  ids: Array<{ scope: 'user' | 'project'; rowid: number }>;
}

interface CacheFile {
  version: 1;
  entries: Record<string, { key: string; block: CachedBlock }>;
}

/** Directories remembered per project: launches come from a few. */
const MAX_ENTRIES = 8;

const cachePath = (paths: Paths): string => join(paths.projectDataDir, 'context-cache.json');
const heatPath = (paths: Paths): string => join(paths.projectDataDir, 'heat-pending.jsonl');


export function cacheKey(o: { cwd: string; paths: Paths; config: Config; branch?: string; commitSubjects?: string[]; now?: number }): string {
  const { paths, config } = o;
  const parts = {
    v: 1,
    cwd: o.cwd,
    branch: o.branch ?? null,
    commits: o.commitSubjects ?? [],
    config: { inject: config.inject, retrieval: config.retrieval, decay: config.decay, model: config.store.vector_model },
    day: Math.floor((o.now ?? Date.now()) / 86_400_000),
    stores: [readVersion(dirname(paths.userDb)), readVersion(dirname(paths.projectDb))],
  };
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
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

export function lookupBlock(paths: Paths, cwd: string, key: string): CachedBlock | undefined {
  const e = readCache(paths).entries[cwd];
  return e && e.key === key ? e.block : undefined;
}

export function saveBlock(paths: Paths, cwd: string, key: string, block: CachedBlock): void {
  const file = readCache(paths);
  file.entries[cwd] = { key, block };
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
