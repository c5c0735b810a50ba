import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config, Paths } from '../config/index.js';
import type { BuiltBlock } from '../inject/index.js';
import type { Stores } from '../store/index.js';
import { FILE_MODE } from '../fs-private.js';
import { existsSync } from 'node:fs';

export interface PreparedInjection {
  args: string[];
  env: Record<string, string>;
  firstInput?: string;
  block: BuiltBlock;
  cleanup: () => void;
}

/** Builds the block for this launch, from the stores as they are now. */
export async function contextFor(stores: Stores, config: Config, paths: Paths, cwd: string, args: string[]): Promise<BuiltBlock> {
  const { gatherLaunchFacts } = await import('./launch-facts.js');
  const { buildBlock, buildLaunchQuery, promptFromArgs } = await import('../inject/index.js');
  const facts = gatherLaunchFacts(cwd, paths.projectRoot, stores.sessions.lastSummary(paths.projectRoot), promptFromArgs(args));
  return buildBlock(stores, config, cwd, buildLaunchQuery(facts));
}

/**
 * Everything `run` needs to hand memory to the CLI: extra argv, env vars,
 * a private temp file where the adapter wants one. Any failure throws, and
 * run then launches without memory after one warning.
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
  const { openStores } = await import('../store/index.js');
  const { chooseAdapter, planAdapter } = await import('../inject/index.js');
  const stores = openStores({ config: o.config, explicit: new Set() }, o.paths);
  try {
    // No archive pass here: it writes, and the launch path only reads.
    // Background distillation and the memory commands apply it.
    const block = await contextFor(stores, o.config, o.paths, o.cwd, o.args);
    if (!block.text) return none;
    const adapter = chooseAdapter(o.agent, o.config.inject.adapters, o.args);
    // Every CLI gets the file too (CLAUDE_MEM_CONTEXT_FILE), not only file-arg ones.
    const dir = mkdtempSync(join(tmpdir(), 'claude-mem-'));
    const file = join(dir, 'context.md');
    writeFileSync(file, `${block.text}\n`, { mode: FILE_MODE });
    const plan = planAdapter(adapter, block.text, file);
    for (const store of stores.all) store.touch(block.selected.filter((s) => s.memory.scope === store.scope).map((s) => s.memory.rowid));
    return {
      args: [...plan.args, ...o.args],
      env: plan.env,
      firstInput: plan.firstInput,
      block,
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    stores.close();
  }
}
