import { existsSync, writeFileSync } from 'node:fs';
import { handoverFile } from './handover.js';
import type { LoadedConfig, Paths } from '../config/index.js';
import type { BuiltBlock } from '../inject/index.js';
import type { HotMemory } from '../store/index.js';
import { FILE_MODE, removeFile } from '../fs-private.js';
import { cacheKey, lookupBlock, recordPendingHeat, saveBlock } from '../memory/context-cache.js';
import { cacheEntryOf } from '../memory/next-launch.js';
import { blockRefs, buildContext, readGitFacts } from '../memory/context.js';
import { withToolHint } from './mcp-registration.js';

export interface PreparedInjection {
  args: string[];
  env: Record<string, string>;
  firstInput?: string;
  /** The block handed over: its text and token count (and, when built now, its memories). */
  block: { text: string; tokens: number; memories: number };
  /**
   * The block handed over is not the one the next launch should get (git
   * facts or the day moved, or a count was estimated): the caller asks for
   * a warm once the CLI is running, unless a distill will warm anyway.
   */
  rewarm?: boolean;
  cleanup: () => void;
}

/** Hands a block to the CLI through its adapter: argv, env, a private temp file. */
async function handOver(
  o: { agent: string; args: string[]; loaded: Pick<LoadedConfig, 'config'> & { paths: Paths }; searchTool?: string },
  shown: PreparedInjection['block'],
): Promise<PreparedInjection> {
  const { chooseAdapter, planAdapter } = await import('../inject/adapters/builtin.js');
  // With the MCP server registered, the block says in one line that more can be searched.
  const block = o.searchTool ? { ...shown, text: withToolHint(shown.text, o.searchTool) } : shown;
  const adapter = chooseAdapter(o.agent, o.loaded.config.inject.adapters, o.args);
  // Every CLI gets the file too (CLAUDE_MEM_CONTEXT_FILE), not only file-arg ones.
  const file = handoverFile(o.loaded.paths.userDataDir);
  writeFileSync(file, `${block.text}\n`, { mode: FILE_MODE });
  const plan = planAdapter(adapter, block.text, file);
  return {
    args: [...plan.args, ...o.args],
    env: plan.env,
    firstInput: plan.firstInput,
    block,
    cleanup: () => removeFile(file),
  };
}

export const NO_INJECTION = (args: string[]): PreparedInjection => ({
  args,
  env: {},
  block: { text: '', tokens: 0, memories: 0 },
  cleanup: () => undefined,
});

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
  loaded: Pick<LoadedConfig, 'config' | 'explicit'> & { paths: Paths };
  /** The MCP search tool's name, when run registered the server. */
  searchTool?: string;
}): Promise<PreparedInjection> {
  const { config, paths } = o.loaded;
  // No store yet means nothing to remember: do not create one, or even load
  // SQLite, on the launch path.
  if (!existsSync(paths.projectDb) && !existsSync(paths.userDb)) return NO_INJECTION(o.args);
  const { promptFromArgs } = await import('../inject/launch-query.js');
  const prompt = promptFromArgs(o.args);
  const git = await readGitFacts(o.cwd);
  // Read before anything is computed, and used for saving too (see context-cache.ts).
  const key = cacheKey({ cwd: o.cwd, paths, config, ...git });
  if (prompt === undefined) {
    const hit = lookupBlock(paths, o.cwd, key);
    if (hit) {
      // Only git facts or the day moved: hand this block over, and a
      // background warm computes the new one for the next launch.
      const cached = hit.block;
      if (cached.text) recordPendingHeat(paths, cached.ids);
      return deliver(o, { text: cached.text, tokens: cached.tokens, memories: cached.ids.length }, !hit.fresh);
    }
  }

  // The reading layer alone when both stores are there and migrated (read-stores.ts): the write side stays unloaded.
  const { openReadStores } = await import('../store/read-stores.js');
  // Otherwise as every command opens them; a store that still needs a long
  // layout-only migration is read as it is, and the distiller migrates it.
  const stores = openReadStores(o.loaded, paths) ?? (await import('../store/index.js')).openStores(o.loaded, paths, { deferLayout: true });
  let block: BuiltBlock<HotMemory> & { exactTokens: boolean };
  try {
    // No archive pass and no write here: the launch path only reads. Its
    // heat is owed, as a cached block's is (a write and the checkpoint at
    // close cost ~3 ms); the next warm or distill pays it.
    // Counted from stored piece counts: the tokenizer is not loaded on the way to the prompt.
    block = await buildContext(stores, config, paths, o.cwd, o.args, git, Date.now(), 'stored');
  } finally {
    stores.close();
  }
  recordPendingHeat(paths, blockRefs(block));
  // The next plain launch here can skip all this. A block with a piece
  // counted by its bytes kept fewer memories than the budget allows: a
  // background warm counts it exactly for the next one.
  if (prompt === undefined && block.exactTokens) saveBlock(paths, o.cwd, key, cacheEntryOf(block));
  return deliver(o, { text: block.text, tokens: block.tokens, memories: block.selected.length }, !block.exactTokens);
}

/** The block handed over (or nothing, when it is empty), and whether the next launch needs a warm first. */
async function deliver(o: Parameters<typeof handOver>[0], shown: PreparedInjection['block'], rewarm: boolean): Promise<PreparedInjection> {
  return { ...(shown.text ? await handOver(o, shown) : NO_INJECTION(o.args)), rewarm };
}

/**
 * How a CLI would be given a block (for `context --for`): its arguments, and
 * whether an adapter knows it (otherwise it only gets the environment). No file is written.
 */
export async function handOverArgs(agent: string, loaded: Pick<LoadedConfig, 'config'>, text: string): Promise<{ args: string[]; known: boolean }> {
  const { chooseAdapter, planAdapter, BUILTIN_ADAPTERS } = await import('../inject/adapters/builtin.js');
  const known = [...loaded.config.inject.adapters, ...BUILTIN_ADAPTERS].some((a) => a.match === agent || a.match === '*');
  return { args: planAdapter(chooseAdapter(agent, loaded.config.inject.adapters, []), text, '<temp file>').args, known };
}
