import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Config, Paths } from '../config/index.js';
import type { BuiltBlock, LaunchFacts } from '../inject/index.js';
import type { Stores } from '../store/index.js';
import { FILE_MODE } from '../fs-private.js';
import { existsSync } from 'node:fs';
import { cacheKey, lookupBlock, recordPendingHeat, saveBlock, takePendingHeat, type CachedBlock } from './context-cache.js';

export interface PreparedInjection {
  args: string[];
  env: Record<string, string>;
  firstInput?: string;
  block: BuiltBlock;
  cleanup: () => void;
}

type GitFacts = Pick<LaunchFacts, 'branch' | 'commitSubjects'>;

async function readGitFacts(cwd: string): Promise<GitFacts> {
  const { gitFacts } = await import('./launch-facts.js');
  return gitFacts(cwd);
}

/**
 * Builds the block for this launch, from the stores as they are now. `git`
 * is passed by callers that already read it for the cache key.
 */
export async function contextFor(stores: Stores, config: Config, paths: Paths, cwd: string, args: string[], git?: GitFacts): Promise<BuiltBlock> {
  const { buildBlock, buildLaunchQuery, promptFromArgs } = await import('../inject/index.js');
  const { branch, commitSubjects } = git ?? (await readGitFacts(cwd));
  const query = buildLaunchQuery({
    dirName: basename(paths.projectRoot),
    branch,
    commitSubjects,
    lastSummary: stores.sessions.lastSummary(paths.projectRoot),
    prompt: promptFromArgs(args),
  });
  return buildBlock(stores, config, cwd, query);
}

/** What the cache keeps of a block. */
function cacheEntryOf(block: BuiltBlock): CachedBlock {
  return { text: block.text, tokens: block.tokens, ids: block.selected.map((s) => ({ scope: s.memory.scope, rowid: s.memory.rowid })) };
}

/** Applies heat owed by launches that used the cache. */
export function applyPendingHeat(stores: Stores, paths: Paths): void {
  for (const entry of takePendingHeat(paths)) stores.touch(entry.ids, entry.at);
}

/**
 * Computes this directory's block (no prompt) for the next launch, while the
 * stores are open. Returns the step that saves it, to be called after the
 * stores are closed (closing bumps this process's own content versions, and
 * the entry must not be visible before the data it was computed from).
 */
export async function prepareContextCache(stores: Stores, config: Config, paths: Paths, cwd: string): Promise<() => void> {
  applyPendingHeat(stores, paths);
  const git = await readGitFacts(cwd);
  // Read before the block: a write landing while it is computed makes this key stale.
  const key = cacheKey({ cwd, paths, config, ...git });
  const block = await contextFor(stores, config, paths, cwd, [], git);
  return () => saveBlock(paths, cwd, key, cacheEntryOf(block));
}

/** Hands a block to the CLI through its adapter: argv, env, a private temp file. */
async function handOver(o: { agent: string; args: string[]; config: Config }, block: BuiltBlock): Promise<PreparedInjection> {
  const { chooseAdapter, planAdapter } = await import('../inject/adapters/builtin.js');
  const adapter = chooseAdapter(o.agent, o.config.inject.adapters, o.args);
  // Every CLI gets the file too (CLAUDE_MEM_CONTEXT_FILE), not only file-arg ones.
  const dir = mkdtempSync(join(tmpdir(), 'claude-mem-'));
  const file = join(dir, 'context.md');
  writeFileSync(file, `${block.text}\n`, { mode: FILE_MODE });
  const plan = planAdapter(adapter, block.text, file);
  return {
    args: [...plan.args, ...o.args],
    env: plan.env,
    firstInput: plan.firstInput,
    block,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Everything `run` needs to hand memory to the CLI: extra argv, env vars,
 * a private temp file where the adapter wants one. Any failure throws, and
 * run then launches without memory after one warning.
 *
 * Fast path: the block the background distiller left for this directory,
 * when nothing it depends on has changed (see context-cache.ts). Otherwise
 * the stores are opened, the block built, heat paid, and the cache renewed.
 */
export async function prepareInjection(o: {
  agent: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  config: Config;
  paths: Paths;
}): Promise<PreparedInjection> {
  const none: PreparedInjection = {
    args: o.args,
    env: {},
    block: { text: '', tokens: 0, selected: [], dropped: 0, language: 'en' },
    cleanup: () => undefined,
  };
  // No store yet means nothing to remember: do not create one, or even load
  // SQLite, on the launch path.
  if (!existsSync(o.paths.projectDb) && !existsSync(o.paths.userDb)) return none;
  const { promptFromArgs } = await import('../inject/launch-query.js');
  const prompt = promptFromArgs(o.args);
  const git = await readGitFacts(o.cwd);
  // Read before anything is computed, and used for saving too (see context-cache.ts).
  const key = cacheKey({ cwd: o.cwd, paths: o.paths, config: o.config, ...git });
  if (prompt === undefined) {
    const cached = lookupBlock(o.paths, o.cwd, key);
    if (cached) {
      if (!cached.text) return none;
      recordPendingHeat(o.paths, cached.ids);
      return handOver(o, { text: cached.text, tokens: cached.tokens, selected: [], dropped: 0, language: 'en' });
    }
  }

  const { openStores } = await import('../store/index.js');
  const stores = openStores({ config: o.config, explicit: new Set() }, o.paths);
  let block: BuiltBlock;
  try {
    // No archive pass here: the launch path only reads, and pays heat.
    // Background distillation and the memory commands archive.
    applyPendingHeat(stores, o.paths);
    block = await contextFor(stores, o.config, o.paths, o.cwd, o.args, git);
    stores.touch(cacheEntryOf(block).ids);
  } finally {
    stores.close();
  }
  // The next plain launch here can skip all this.
  if (prompt === undefined) {
    saveBlock(o.paths, o.cwd, key, cacheEntryOf(block));
  }
  if (!block.text) return none;
  return handOver(o, block);
}
