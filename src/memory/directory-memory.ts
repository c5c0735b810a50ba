import { resolve } from 'node:path';
import type { LoadedConfig, Paths } from '../config/index.js';
import type { BuiltBlock } from '../inject/index.js';
import { listSessionIds } from '../pty/session-files.js';
import type { Candidate, HotMemory, Memory, MemoryType, Stores, WriteResult } from '../store/index.js';
import { searchPool } from '../store/index.js';
import { buildContext, blockRefs, preloadBlockBuild } from './context.js';
import { prepareContextCache } from './next-launch.js';
import { pendingSessions } from './pending.js';
import { statusOf, type StatusReport } from './status.js';
import { scrubLogs } from './log-scrub.js';
import { isShared, isSharedGlobal } from '../store/team-links.js';
import { teamAuthorOf } from '../text/index.js';
import { UsageError } from '../errors.js';
import { dropBlocksWith } from './context-cache.js';
import { forgetConflicts } from './conflict-memo.js';
import { historyOf, type SubjectHistory } from './history.js';
import { accept, pendingReview, retype } from './review.js';
import { annReports, type AnnReport } from './vector-report.js';
import { SESSION_SPREAD, spreadSessions } from './session-spread.js';

import { DEFAULT_QUERY_LIMIT, type QueryOptions, type QueryResult, type RememberOptions } from './options.js';

export { DEFAULT_QUERY_LIMIT, type QueryOptions, type QueryResult, type RememberOptions } from './options.js';

/**
 * The memory of one directory: its project store and the user's store, with
 * the config that shapes them. Every client (the CLI, hooks, MCP, the
 * viewer, bench/) calls this; none wires the stages itself.
 */
export class DirectoryMemory {
  private saveCache: (() => void) | undefined;
  private closed = false;

  constructor(
    readonly stores: Stores,
    readonly loaded: LoadedConfig & { paths: Paths },
    /** The directory this memory was opened for. */
    readonly cwd: string,
    /** The environment it was opened with: what background work it starts inherits it. */
    readonly env: NodeJS.ProcessEnv,
  ) {
    for (const s of stores.all) {
      const before = s.onChange;
      s.onChange = () => {
        before();
        this.changed = true;
      };
    }
  }

  private changed = false;

  /** True when this open changed what is remembered (and the next launch's block with it) since the last `settle`. */
  get contentChanged(): boolean {
    return this.changed;
  }

  /** The change has been dealt with (a warm was asked for): the next one counts anew. */
  settle(): void {
    this.changed = false;
  }

  /** True when closing will leave the next launch's block ready (after a distill, or warmNextLaunch). */
  get preparesNextLaunch(): boolean {
    return this.saveCache !== undefined;
  }

  /** Starts loading what warmNextLaunch needs, to be called well before it (a distill's start). */
  preloadWarm(): void {
    preloadBlockBuild();
  }

  /** Computes this directory's block for the next launch now; it is saved when the memory closes. */
  async warmNextLaunch(): Promise<void> {
    this.saveCache = await prepareContextCache(this.stores, this.loaded, this.cwd);
  }

  get config(): LoadedConfig['config'] {
    return this.loaded.config;
  }

  get paths(): Paths {
    return this.loaded.paths;
  }

  /** The one line to show when vectors fell back to lexical ones. */
  get notice(): string | undefined {
    return this.stores.notice;
  }

  /**
   * Hybrid search (FTS5 + vectors). Hits with no lexical match and a weak
   * vector are noise, not results, and are left out (unless they answer a
   * question that matched).
   */
  async search(text: string, o: QueryOptions = {}): Promise<QueryResult> {
    const started = process.hrtime.bigint();
    const limit = o.limit ?? DEFAULT_QUERY_LIMIT;
    const ranked = await this.stores.search(text, {
      limit: Math.max(limit, SESSION_SPREAD.pool),
      pool: searchPool(limit),
      type: o.type,
      agent: o.agent,
      dir: o.dir ? resolve(this.cwd, o.dir) : undefined,
      since: o.since,
      until: o.until,
      includeArchived: o.includeArchived ?? false,
      ...(o.asOf !== undefined ? { asOf: o.asOf } : {}),
      lexicalOnly: o.lexicalOnly,
      cwd: this.cwd,
      crossDirPenalty: this.config.retrieval.cross_dir_penalty,
    });
    const hits = spreadSessions(ranked, (h) => h.memory.sessionId, (h) => h.score).slice(0, limit);
    // The turn after a matching question is its answer, whatever its own words.
    const shown = o.keepWeak ? hits : hits.filter((h) => h.lexical > 0 || h.cosine >= this.stores.thresholds.retrieval || h.answers !== undefined);
    return { hits: shown, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  }

  /** Every memory, oldest first; with `asOf`, those true then. */
  list(o: { type?: MemoryType; includeArchived?: boolean; agent?: string; asOf?: number } = {}): Memory[] {
    return this.stores.list({ type: o.type, includeArchived: o.includeArchived ?? false, agent: o.agent, ...(o.asOf !== undefined ? { asOf: o.asOf } : {}) });
  }

  /** The values the subjects `asked` names held over time (history.ts). */
  history(asked: string): SubjectHistory[] {
    return historyOf(asked, this.stores.list({ includeArchived: true }));
  }

  /** A memory by its display id ("12" project, "g12" user). */
  get(id: string): Memory | undefined {
    const where = this.stores.locate(id);
    return where ? where.store.get(where.rowid) : undefined;
  }

  /** An explicit memory, typed or classified, through the same filters, redaction and dedup as distilled ones. */
  async remember(text: string, o: RememberOptions = {}): Promise<{ type: MemoryType; result: WriteResult }> {
    const { classify } = await import('../distill/index.js');
    const agent = o.by === 'agent';
    if (agent && o.type === 'global') throw new UsageError('an agent cannot write a global memory (it would reach every project): the user can, with claude-mem remember --type global');
    const asked = o.type ?? classify(text, agent ? 'assistant' : 'explicit');
    const type = agent && asked === 'global' ? 'project' : asked;
    const result = await this.stores.write({
      type,
      text,
      dir: type === 'global' ? '' : this.paths.projectRoot,
      agent: o.agent ?? 'user',
      sessionId: null,
      source: agent ? 'mcp' : 'remember',
      // Asked for on purpose: no length or low-value filter, as with the marker. Reviewed only when the person typed it.
      explicit: true,
      reviewed: !agent,
      force: o.force,
    });
    // The store may keep it as another type (a new value of a project's subject is a project memory).
    const stored = result.id !== undefined && (result.action === 'inserted' || result.action === 'updated') ? this.get(result.id)?.type : undefined;
    return { type: stored ?? type, result };
  }

  /**
   * Many candidates at once (an import, a benchmark's corpus): one
   * transaction per store. `dedup: false` restores memories kept elsewhere
   * as they are: filters and redaction apply, only exact repeats are refused.
   */
  write(candidates: Candidate[], o: { now?: number; dedup?: boolean } = {}): Promise<WriteResult[]> {
    return this.stores.writeMany(candidates, o.now, { dedup: o.dedup });
  }

  /** Vectors from this memory's embedder (for calibration and tools). */
  embed(texts: string[]): Promise<Float32Array[]> {
    return this.stores.embedder.embed(texts);
  }

  /**
   * Deletes a memory for good (text, FTS row, vector); returns what it was.
   * With `scrubLogs`, its text is also replaced in the raw session logs and
   * in the episode index.
   */
  forget(id: string, o: { scrubLogs?: boolean; team?: boolean } = {}): { memory: Memory; scrubbed: Record<string, number>; skippedLive: string[] } | undefined {
    const where = this.stores.locate(id);
    const m = where ? where.store.get(where.rowid) : undefined;
    if (!where || !m) return undefined;
    // A memory the team store holds is deleted for every teammate at the next sync: only when asked for by name.
    const shared = where.store.scope === 'project' ? isShared(where.store, where.rowid) : isSharedGlobal(this.stores.project, where.rowid);
    if (!o.team && shared) {
      const author = teamAuthorOf(m.agent);
      throw new UsageError(`[${id}] is shared with your team${author ? ` (written by ${author})` : ''}: forgetting it deletes it for everyone at the next sync. Add --team to do that.`);
    }
    where.store.forget(where.rowid);
    dropBlocksWith(this.paths, { scope: where.store.scope, rowid: where.rowid });
    const scrub = o.scrubLogs ? scrubLogs(this.paths, m.text) : { scrubbed: {}, skippedLive: [] };
    // What was said holds the text too (episodes): forgotten means it no longer comes back from query as a passage either.
    const said = this.stores.project.scrubEpisodes(m.text);
    if (said > 0) scrub.scrubbed = { ...scrub.scrubbed, 'episode index': said };
    return { memory: m, ...scrub };
  }

  /** A passage of what was said (`e12`), deleted for good; its text, or undefined when there is none. */
  forgetSaid(id: string): string | undefined {
    const m = /^e(\d+)$/.exec(id.trim());
    if (!m) return undefined;
    const rowid = Number(m[1]);
    const e = this.stores.project.getEpisode(rowid);
    return e && this.stores.project.dropEpisode(rowid) ? e.text : undefined;
  }

  /** A person's correction of a memory's text (see MemoryStore.edit). */
  async edit(id: string, text: string): Promise<WriteResult | undefined> {
    const where = this.stores.locate(id);
    if (!where || !where.store.get(where.rowid)) return undefined;
    return where.store.edit(where.rowid, text, this.stores.policy());
  }

  /** Memories no person has reviewed yet, newest session first (review.ts). */
  pendingReview(): Memory[] {
    return pendingReview(this.stores);
  }

  /** A person accepted the memory as it is: dedup will only add supplements to it. */
  accept(id: string): boolean {
    return accept(this.stores, id);
  }

  /** A new type, chosen by a person (a memory made global moves to the user store and gets a new id). */
  retype(id: string, type: MemoryType): Promise<Memory | undefined> {
    return retype(this.stores, id, type, this.paths.projectRoot);
  }

  /** Archives a memory: kept, no longer handed to CLIs. */
  archive(id: string): boolean {
    const where = this.stores.locate(id);
    return where ? where.store.archive(where.rowid) : false;
  }

  /** Exactly the block a launch here would hand over (no heat is paid for a preview). */
  context(o: { cwd?: string; args?: string[] } = {}): Promise<BuiltBlock<HotMemory>> {
    return buildContext(this.stores, this.config, this.paths, o.cwd ?? this.cwd, o.args ?? []);
  }

  /** Heat + 1 for the memories of a block that was really handed to a CLI. */
  paidHeat(block: BuiltBlock<HotMemory>): void {
    this.stores.touch(blockRefs(block));
  }

  /** Session logs left unprocessed (a crash, a killed wrapper). */
  pending(): string[] {
    return pendingSessions(this.stores, this.paths);
  }

  /** Known session ids, oldest first. */
  sessionIds(): string[] {
    return listSessionIds(this.paths.sessionsDir);
  }

  status(): StatusReport {
    return statusOf(this.stores, this.loaded, this.pending());
  }

  /** Re-embeds every memory with the current embedder (after a model change). */
  async reindex(onProgress: (scope: 'user' | 'project', done: number, total: number) => void): Promise<Array<{ scope: 'user' | 'project'; count: number }>> {
    const out: Array<{ scope: 'user' | 'project'; count: number }> = [];
    for (const store of this.stores.all) out.push({ scope: store.scope, count: await store.reindex((d, t) => onProgress(store.scope, d, t)) });
    // A vector may change with no change of text: the decisions read from the old ones go.
    forgetConflicts(this.paths.projectDataDir);
    return out;
  }

  /** Each store's approximate vector index: used, due, or not wanted. */
  vectorIndexes(): AnnReport[] {
    return annReports(this.stores, this.config.store.ann_min_vectors);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stores.close();
    // After closing: the entry must not be visible before the data it was computed from.
    this.saveCache?.();
  }
}
