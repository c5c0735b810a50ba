import { basename } from 'node:path';
import type { Config, Paths } from '../config/index.js';
import type { HotMemory } from '../store/index.js';
import type { BlockSource } from '../store/read-stores.js';
import type { BlockCandidates, BuiltBlock, LaunchFacts } from '../inject/index.js';
import { FileCountMemo } from './token-memo.js';
import { FileConflictMemo } from './conflict-memo.js';

/** A block can hold tens of memories; more candidates per group only cost time. */
const MAX_CANDIDATES_PER_GROUP = 300;
/** Facts searched per launch, before the threshold and top_k: room for the penalty to reorder. */
const FACT_POOL_FACTOR = 4;

export type GitFacts = Pick<LaunchFacts, 'branch' | 'commitSubjects'>;

/**
 * exact: the real tokenizer counts, and its piece counts are kept for later.
 * stored: only counts kept earlier, a piece never seen counted by its bytes
 * (an upper bound): for a launch, which must not wait ~100 ms for the tokenizer.
 */
export type Counting = 'exact' | 'stored';

export async function readGitFacts(cwd: string): Promise<GitFacts> {
  const { gitFacts } = await import('./launch-facts.js');
  return gitFacts(cwd);
}

/**
 * store → candidates: every active global, project memories and current
 * values of subjects bound to this directory or an ancestor, and the facts
 * that a search for the launch query finds (the cross-directory penalty
 * applied).
 */
export async function gatherCandidates(stores: BlockSource, config: Config, cwd: string, launchQuery: string): Promise<BlockCandidates<HotMemory>> {
  const { ancestorsOf } = await import('../inject/index.js');
  const globals = stores.user.hottest('global', MAX_CANDIDATES_PER_GROUP);
  const dirs = ancestorsOf(cwd);
  // Current state: project memories, and facts that are the current value of a subject.
  const projects = [...stores.project.hottest('project', MAX_CANDIDATES_PER_GROUP, dirs), ...stores.project.hottest('fact', MAX_CANDIDATES_PER_GROUP, dirs, { stateOnly: true })];
  const facts = launchQuery.trim()
    ? (
        await stores.search(launchQuery, {
          type: 'fact',
          limit: config.retrieval.top_k * FACT_POOL_FACTOR,
          cwd,
          crossDirPenalty: config.retrieval.cross_dir_penalty,
        })
      ).map((h) => ({ memory: h.memory, score: h.score }))
    : [];
  return { globals, projects, facts };
}

/**
 * Loads what building a block needs (the inject modules, the BPE tokenizer:
 * ~200 ms in a fresh process) without building one. A distill calls it as it
 * starts, so they load while it waits on its worker, not after it; a failure
 * here is left for the build to report.
 */
export function preloadBlockBuild(): void {
  void import('../inject/index.js').then((m) => m.loadTokenCounter()).catch(() => undefined);
}

/**
 * The block for a launch in `cwd`, from the stores as they are now: the
 * launch query (directory, git facts, last summary, a prompt in argv),
 * the candidates, then inject's pure select → budget → format.
 */
export async function buildContext(
  stores: BlockSource,
  config: Config,
  paths: Paths,
  cwd: string,
  args: string[],
  git?: GitFacts,
  now = Date.now(),
  counting: Counting = 'exact',
): Promise<BuiltBlock<HotMemory> & { exactTokens: boolean }> {
  const { buildBlock, buildLaunchQuery, promptFromArgs, conflictThreshold, loadTokenCounter, piecewiseCounter } = await import('../inject/index.js');
  const { branch, commitSubjects } = git ?? (await readGitFacts(cwd));
  const query = buildLaunchQuery({
    dirName: basename(paths.projectRoot),
    branch,
    commitSubjects,
    lastSummary: stores.sessions.lastWork(paths.projectRoot),
    prompt: promptFromArgs(args),
  });
  const candidates = await gatherCandidates(stores, config, cwd, query);
  const memo = FileCountMemo.load(paths.projectDataDir);
  const counter = piecewiseCounter(memo, counting === 'exact' ? await loadTokenCounter() : undefined);
  const storeOf = (m: HotMemory) => (m.scope === 'user' ? stores.user : stores.project);
  const threshold = conflictThreshold(stores.thresholds);
  const conflicts = FileConflictMemo.load(paths.projectDataDir, `${stores.embedder.id} ${threshold}`);
  const block = buildBlock(
    candidates,
    (m) => storeOf(m).vectorsByIds([m.rowid]).get(m.rowid),
    {
      budget: config.inject.token_budget,
      topK: config.retrieval.top_k,
      language: config.inject.language,
      retrievalThreshold: stores.thresholds.retrieval,
      conflictThreshold: threshold,
      archiveAfterDays: config.decay.archive_after_days,
      now,
      conflictMemo: conflicts,
    },
    counter.count,
  );
  if (counting === 'exact') memo.save();
  conflicts.save();
  return { ...block, exactTokens: counter.exact() };
}

/** The memories of a block, by store, for their heat. */
export function blockRefs(block: BuiltBlock<HotMemory>): Array<{ scope: 'user' | 'project'; rowid: number }> {
  return block.selected.map((s) => ({ scope: s.memory.scope, rowid: s.memory.rowid }));
}
