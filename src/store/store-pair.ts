import { join } from 'node:path';
import type { LoadedConfig, Paths } from '../config/index.js';
import type { DB, OpenedStore } from './db-open.js';
import { AnnReader } from './ann.js';
import type { StoreReader } from './store-read.js';
import { chooseEmbedder } from './embed/select.js';
import { CachedEmbedder } from './embed/query-cache.js';
import type { Embedder, Thresholds } from './embed/embedder.js';
import { resolveThresholds } from './thresholds.js';
import type { StoreScope } from './types.js';

/** How one store file is opened: migrated (stores.ts) or only checked (read-stores.ts). */
export type OpenFile = (path: string, o: { busyTimeoutMs: number; ours: boolean; scratchDir: string }) => OpenedStore;
/** The store layer put on an opened connection: MemoryStore, or StoreReader alone. */
export type MakeStore<S> = (db: DB, embedder: Embedder, scope: StoreScope, path: string, busyTimeoutMs: number, ann?: AnnReader) => S;

export interface StorePair<S> {
  user: S;
  project: S;
  embedder: CachedEmbedder;
  thresholds: Thresholds;
  /** One line to show when we fell back to lexical vectors, worded when first read. */
  notice: () => string | undefined;
  /** Removes read-only snapshots (the stores themselves are closed by their owner). */
  cleanup: () => void;
}

/** A store outside claude-mem's own folders (a configured db_path) is not ours to advise moving. */
export function ownsProjectStore(paths: Paths): boolean {
  return paths.projectDb.startsWith(`${paths.projectDataDir}/`) || paths.projectDb.startsWith(`${paths.userDataDir}/`);
}

/**
 * The user store and this project's store, with one embedder and their
 * thresholds: what openStores and the launch's reader share. A failure
 * opening the second closes the first and removes any snapshot.
 */
export function openStorePair<S extends StoreReader>(
  loaded: Pick<LoadedConfig, 'config' | 'explicit'>,
  paths: Paths,
  openFile: OpenFile,
  make: MakeStore<S>,
  given?: Embedder,
): StorePair<S> {
  const choice = given ? { embedder: given, notice: undefined } : chooseEmbedder(paths.modelsDir, loaded.config.store.vector_model);
  const embedder = new CachedEmbedder(choice.embedder);
  const busyTimeoutMs = loaded.config.store.busy_timeout_ms;
  const scratchDir = join(paths.userDataDir, 'tmp');
  const cleanups: Array<() => void> = [];
  const cleanup = (): void => {
    for (const c of cleanups.splice(0)) c();
  };
  const opened: S[] = [];
  const open = (scope: StoreScope, path: string, ours: boolean): S => {
    const file = openFile(path, { busyTimeoutMs, ours, scratchDir });
    cleanups.push(file.cleanup);
    const ann = path !== ':memory:' && loaded.config.store.ann_min_vectors > 0 ? new AnnReader(path) : undefined;
    const store = make(file.db, embedder, scope, path, busyTimeoutMs, ann);
    store.access = file.access;
    store.created = file.created;
    opened.push(store);
    return store;
  };
  try {
    const user = open('user', paths.userDb, true);
    const project = open('project', paths.projectDb, ownsProjectStore(paths));
    return { user, project, embedder, thresholds: resolveThresholds(choice.embedder, loaded), notice: () => choice.notice, cleanup };
  } catch (err) {
    for (const s of opened) s.close();
    cleanup();
    throw err;
  }
}
