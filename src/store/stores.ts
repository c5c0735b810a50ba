import { existsSync } from 'node:fs';
import type { Config, LoadedConfig, Paths } from '../config/index.js';
import { openStore } from './db.js';
import { MemoryStore, type BatchWrite } from './memory-store.js';
import { SessionLog } from './session-log.js';
import { bumpVersion } from './version.js';
import { dirname } from 'node:path';
import type { Embedder, Thresholds } from './embed/embedder.js';
import { searchAcross } from './search-across.js';
import { openStorePair } from './store-pair.js';
import type { Candidate, Hit, Memory, MemoryType, SearchOptions, WritePolicy, WriteResult } from './types.js';

/**
 * The user store (global memories) and this project's store, as one pool.
 * Globals follow the user everywhere; project and fact memories stay with
 * their project.
 */
export class Stores {
  /** The project's sessions table, beside its memories. */
  readonly sessions: SessionLog;

  constructor(
    readonly user: MemoryStore,
    readonly project: MemoryStore,
    readonly embedder: Embedder,
    readonly thresholds: Thresholds,
    /** One line to show when we fell back to lexical vectors, worded when first read (see EmbedderChoice). */
    private readonly noticeOf: () => string | undefined,
    private readonly config: Config,
  ) {
    this.sessions = new SessionLog(project.db, project.path, project.busyTimeoutMs);
    // Each committed change replaces the store's content version at once,
    // so anything computed from an older state can tell.
    const bump = (path: string) => (path === ':memory:' ? () => undefined : () => bumpVersion(dirname(path)));
    user.onChange = bump(user.path);
    project.onChange = bump(project.path);
    this.sessions.onChange = bump(project.path);
  }

  /** One line to show when we fell back to lexical vectors. */
  get notice(): string | undefined {
    return this.noticeOf();
  }

  storeFor(type: MemoryType): MemoryStore {
    return type === 'global' ? this.user : this.project;
  }

  get all(): MemoryStore[] {
    return [this.user, this.project];
  }

  policy(): WritePolicy {
    return { triviaFilter: this.config.trivia.filter_enabled, update: this.thresholds.update, merge: this.thresholds.merge };
  }

  write(c: Candidate, now?: number): Promise<WriteResult> {
    return this.storeFor(c.type).write(c, this.policy(), now);
  }

  /** A batch, routed by type, one transaction per store; results in input order. */
  writeMany(cs: Candidate[], now?: number, opts: { dedup?: boolean } = {}): Promise<WriteResult[]> {
    return this.routed(cs, (store, part) => store.writeMany(part, this.policy(), now, opts));
  }

  /** Each store's candidates to `write` (with their indices in `cs`), in order; results in input order. */
  private async routed(cs: Candidate[], write: (store: MemoryStore, part: Candidate[], idx: number[]) => Promise<WriteResult[]>): Promise<WriteResult[]> {
    const out: WriteResult[] = new Array<WriteResult>(cs.length);
    for (const store of this.all) {
      const idx = cs.map((c, i) => (this.storeFor(c.type) === store ? i : -1)).filter((i) => i >= 0);
      if (idx.length === 0) continue;
      const results = await write(store, idx.map((i) => cs[i] as Candidate), idx);
      idx.forEach((i, j) => {
        const r = results[j];
        if (r) out[i] = r;
      });
    }
    return out;
  }

  /**
   * A batch written as its parts arrive, routed by type: per store, the
   * same results as one writeMany of all the parts (MemoryStore.openBatch).
   * Undefined when the embedder is not inline: its parts would hold the
   * write lock while a model computes; collect and writeMany instead.
   */
  openBatch(now?: number): BatchWrite | undefined {
    if (!this.embedder.inline) return undefined;
    const open = new Map<MemoryStore, BatchWrite>();
    const writerOf = (store: MemoryStore): BatchWrite => {
      let w = open.get(store);
      if (!w) open.set(store, (w = store.openBatch(this.policy(), now)));
      return w;
    };
    return {
      add: (cs, prepared) => this.routed(cs, (store, part, idx) => writerOf(store).add(part, prepared && idx.map((i) => prepared[i]))),
      commit: () => {
        for (const w of open.values()) w.commit();
      },
      abort: () => {
        for (const w of open.values()) w.abort();
      },
    };
  }

  /**
   * What a distiller needs to screen and embed candidates ahead, in another
   * thread, the way openBatch would (write-decision.ts prepareCandidate):
   * only where openBatch takes parts, so undefined exactly when it does not.
   */
  preparation(): { triviaFilter: boolean; embedderId: string } | undefined {
    return this.embedder.inline ? { triviaFilter: this.policy().triviaFilter, embedderId: this.embedder.id } : undefined;
  }

  search(query: string, opts: SearchOptions): Promise<Hit[]> {
    return searchAcross(opts.type ? [this.storeFor(opts.type)] : this.all, this.embedder, query, opts);
  }

  list(opts: { type?: MemoryType; includeArchived?: boolean; agent?: string; asOf?: number }): Memory[] {
    const stores = opts.type ? [this.storeFor(opts.type)] : this.all;
    return stores.flatMap((s) => s.list(opts)).sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Finds the store an id belongs to: "g12" is the user store's, "12" the project's. */
  locate(id: string): { store: MemoryStore; rowid: number } | undefined {
    for (const store of this.all) {
      const rowid = store.parseId(id.trim());
      if (rowid !== undefined) return { store, rowid };
    }
    return undefined;
  }

  /** Heat + 1 for memories of either store, by scope and row id. */
  touch(refs: Array<{ scope: 'user' | 'project'; rowid: number }>, now?: number): void {
    for (const store of this.all) store.touch(refs.filter((r) => r.scope === store.scope).map((r) => r.rowid), now);
  }

  /** Lazy decay, run whenever the stores are opened for reading memories. */
  archiveCold(now?: number): number {
    return this.all.reduce((n, s) => n + s.archiveCold(this.config.decay.archive_after_days, now), 0);
  }

  /** Set by openStores: removes read-only snapshots. */
  onClose: () => void = () => undefined;

  /** A store that cannot take writes here (read-only folder), if any. */
  get readOnly(): MemoryStore[] {
    return this.all.filter((s) => !s.writable);
  }

  close(): void {
    this.user.close();
    this.project.close();
    this.onClose();
  }
}

export function storesExist(paths: Paths): boolean {
  return existsSync(paths.projectDb) || existsSync(paths.userDb);
}

/** `deferLayout`: for a launch, which leaves a long layout-only migration to the next process (migrations.ts). */
export function openStores(loaded: Pick<LoadedConfig, 'config' | 'explicit'>, paths: Paths, opts: { embedder?: Embedder; create?: boolean; deferLayout?: boolean } = {}): Stores {
  const pair = openStorePair(
    loaded,
    paths,
    (path, o) => openStore(path, { ...o, create: opts.create, deferLayout: opts.deferLayout }),
    (...store) => new MemoryStore(...store),
    opts.embedder,
  );
  const stores = new Stores(pair.user, pair.project, pair.embedder, pair.thresholds, pair.notice, loaded.config);
  stores.onClose = pair.cleanup;
  return stores;
}
