/**
 * The block the next launch in a directory gets, computed ahead of it (after
 * a distill, by `context --warm`) and the heat that launches using it owe.
 */
import type { LoadedConfig, Paths } from '../config/index.js';
import type { BuiltBlock } from '../inject/index.js';
import type { HotMemory, Stores } from '../store/index.js';
import { cacheKey, saveBlock, takePendingHeat, type CachedBlock } from './context-cache.js';
import { blockRefs, buildContext, readGitFacts } from './context.js';

/** What the cache keeps of a block. */
export function cacheEntryOf(block: BuiltBlock<HotMemory>): CachedBlock {
  return { text: block.text, tokens: block.tokens, ids: blockRefs(block) };
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
export async function prepareContextCache(stores: Stores, loaded: Pick<LoadedConfig, 'config'> & { paths: Paths }, cwd: string): Promise<() => void> {
  const { config, paths } = loaded;
  applyPendingHeat(stores, paths);
  const git = await readGitFacts(cwd);
  // Read before the block: a write landing while it is computed makes this key stale.
  const key = cacheKey({ cwd, paths, config, ...git });
  const block = await buildContext(stores, config, paths, cwd, [], git);
  return () => saveBlock(paths, cwd, key, cacheEntryOf(block));
}
