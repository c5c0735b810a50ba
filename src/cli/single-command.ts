import type { Command } from 'commander';
import type { CliEnv } from './env.js';

export interface RegisterContext {
  onRunExit: (status: number) => void;
  version: string;
}

type Register = (program: Command, cli: CliEnv, ctx: RegisterContext) => void;

/**
 * The commands that can be built alone, with the loader of each: a process
 * that runs one command loads its module and nothing of the other twenty
 * (a query process is ~20 ms faster for it). Left out: `docs`, which
 * describes every command, and `help`; an unknown word builds the whole
 * program, which knows the hints.
 */
const SINGLE: Record<string, () => Promise<Register>> = {
  run: async () => {
    const { registerRun } = await import('./commands/run.js');
    return (p, cli, ctx) => registerRun(p, cli, ctx.onRunExit);
  },
  query: async () => (await import('./commands/query.js')).registerQuery,
  list: async () => (await import('./commands/list.js')).registerList,
  remember: async () => (await import('./commands/remember.js')).registerRemember,
  forget: async () => (await import('./commands/forget.js')).registerForget,
  review: async () => (await import('./commands/review.js')).registerReview,
  ui: async () => (await import('./commands/ui.js')).registerUi,
  status: async () => (await import('./commands/status.js')).registerStatus,
  context: async () => (await import('./commands/context.js')).registerContext,
  distill: async () => (await import('./commands/distill.js')).registerDistill,
  prune: async () => (await import('./commands/prune.js')).registerPrune,
  init: async () => (await import('./commands/init.js')).registerInit,
  model: async () => (await import('./commands/model.js')).registerModel,
  reindex: async () => (await import('./commands/reindex.js')).registerReindex,
  index: async () => (await import('./commands/vector-index.js')).registerIndex,
  config: async () => (await import('./commands/config.js')).registerConfig,
  mcp: async () => {
    const { registerMcp } = await import('./commands/mcp.js');
    return (p, cli, ctx) => registerMcp(p, cli, ctx.version);
  },
  import: async () => (await import('./commands/import.js')).registerImport,
  export: async () => (await import('./commands/export.js')).registerExport,
  setup: async () => (await import('./commands/setup.js')).registerSetup,
  hook: async () => (await import('./commands/hook.js')).registerHook,
};

/** The loader of a command that can be built alone, if `word` names one. */
export function singleCommand(word: string | undefined): (() => Promise<Register>) | undefined {
  return word !== undefined && Object.hasOwn(SINGLE, word) ? SINGLE[word] : undefined;
}

/** The words of the commands above, for the test that keeps this table and program.ts in step. */
export const SINGLE_WORDS = Object.keys(SINGLE);
