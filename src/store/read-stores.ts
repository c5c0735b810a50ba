import { existsSync } from 'node:fs';
import type { LoadedConfig, Paths } from '../config/index.js';
import { openStoreWith, type DB } from './db-open.js';
import { StoreReader } from './store-read.js';
import type { Embedder, Thresholds } from './embed/embedder.js';
import { openStorePair } from './store-pair.js';
import { searchAcross } from './search-across.js';
import { MIGRATION_COUNT } from './migration-count.js';
import type { Hit, SearchOptions } from './types.js';

/** What a block is built from (memory/context.ts): Stores has it all, ReadStores only this. */
export interface BlockSource {
  readonly user: Pick<StoreReader, 'hottest' | 'vectorsByIds'>;
  readonly project: Pick<StoreReader, 'hottest' | 'vectorsByIds'>;
  readonly sessions: { lastWork(dir: string): string | undefined };
  readonly embedder: Pick<Embedder, 'id'>;
  readonly thresholds: Thresholds;
  search(query: string, opts: SearchOptions): Promise<Hit[]>;
}

/**
 * Both stores as a launch that rebuilds its block reads them: the reading
 * layer alone (store-read.ts), so the process loads none of the write side
 * (the migrations' backfills, the statement rules, redaction, the batch
 * writer), ~a third of the store's code.
 */
export class ReadStores implements BlockSource {
  readonly sessions = { lastWork: (dir: string) => this.project.lastWork(dir) };

  constructor(
    readonly user: StoreReader,
    readonly project: StoreReader,
    readonly embedder: Embedder,
    readonly thresholds: Thresholds,
    private readonly cleanup: () => void,
  ) {}

  search(query: string, opts: SearchOptions): Promise<Hit[]> {
    return searchAcross(opts.type ? [opts.type === 'global' ? this.user : this.project] : [this.user, this.project], this.embedder, query, opts);
  }

  close(): void {
    this.user.close();
    this.project.close();
    this.cleanup();
  }
}

/** A store a reader cannot take as it is: one it would have to create or migrate first. */
class NotCurrent extends Error {}

/** The reader's stand-in for migrating: every step applied, or the store is not for it. */
function requireCurrent(db: DB): void {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'").get();
  const applied = table ? (db.prepare('SELECT COUNT(*) AS n FROM _migrations').get() as { n: number }).n : 0;
  if (applied < MIGRATION_COUNT) throw new NotCurrent('store not migrated');
}

/**
 * Both stores, for reading, when both exist with every migration applied;
 * undefined otherwise, and the caller opens them as every other command
 * does (stores.ts openStores), which creates and migrates. Errors other
 * than that (damage, a lock held too long) are thrown as openStores would.
 */
export function openReadStores(loaded: Pick<LoadedConfig, 'config' | 'explicit'>, paths: Paths): ReadStores | undefined {
  if (!existsSync(paths.userDb) || !existsSync(paths.projectDb)) return undefined;
  try {
    const pair = openStorePair(
      loaded,
      paths,
      (path, o) => openStoreWith(path, o, requireCurrent),
      (...store) => new StoreReader(...store),
    );
    return new ReadStores(pair.user, pair.project, pair.embedder, pair.thresholds, pair.cleanup);
  } catch (err) {
    if (err instanceof NotCurrent) return undefined;
    throw err;
  }
}
