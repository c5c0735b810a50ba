import type { Command } from 'commander';
import type { CliEnv } from './env.js';

export interface RegisterContext {
  onRunExit: (status: number) => void;
  version: string;
}

type Register = (program: Command, cli: CliEnv, ctx: RegisterContext) => void;

/**
 * Every command, in the order `--help` and the README show them, with the
 * loader of its module: a process that runs one command loads that one and
 * nothing of the other twenty (a query process is ~20 ms faster for it).
 * `docs` describes every command, so it is only built with the whole
 * program (as are `help` and an unknown word, whose hints need them all).
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  run: async () => {
    const { registerRun } = await import('./commands/run.js');
    return (p, cli, ctx) => registerRun(p, cli, ctx.onRunExit);
  },
  query: async () => (await import('./commands/query.js')).registerQuery,
  'query-server': async () => (await import('./commands/query-server.js')).registerQueryServer,
  list: async () => (await import('./commands/list.js')).registerList,
  remember: async () => (await import('./commands/remember.js')).registerRemember,
  forget: async () => (await import('./commands/forget.js')).registerForget,
  review: async () => (await import('./commands/review.js')).registerReview,
  ui: async () => (await import('./commands/ui.js')).registerUi,
  status: async () => (await import('./commands/status.js')).registerStatus,
  context: async () => (await import('./commands/context.js')).registerContext,
  distill: async () => (await import('./commands/distill.js')).registerDistill,
  prune: async () => (await import('./commands/prune.js')).registerPrune,
  sync: async () => (await import('./commands/sync.js')).registerSync,
  share: async () => (await import('./commands/share.js')).registerShare,
  team: async () => (await import('./commands/team.js')).registerTeam,
  trust: async () => (await import('./commands/trust.js')).registerTrust,
  init: async () => (await import('./commands/init.js')).registerInit,
  model: async () => (await import('./commands/model.js')).registerModel,
  reindex: async () => (await import('./commands/reindex.js')).registerReindex,
  index: async () => (await import('./commands/vector-index.js')).registerIndex,
  config: async () => (await import('./commands/config.js')).registerConfig,
  docs: async () => (await import('./commands/docs.js')).registerDocs,
  mcp: async () => {
    const { registerMcp } = await import('./commands/mcp.js');
    return (p, cli, ctx) => registerMcp(p, cli, ctx.version);
  },
  import: async () => (await import('./commands/import.js')).registerImport,
  export: async () => (await import('./commands/export.js')).registerExport,
  setup: async () => (await import('./commands/setup.js')).registerSetup,
  uninstall: async () => (await import('./commands/uninstall.js')).registerUninstall,
  hook: async () => (await import('./commands/hook.js')).registerHook,
};

const WHOLE_ONLY = new Set(['docs']);

/** The loader of a command that can be built alone, if `word` names one. */
export function singleCommand(word: string | undefined): (() => Promise<Register>) | undefined {
  return word !== undefined && Object.hasOwn(COMMANDS, word) && !WHOLE_ONLY.has(word) ? COMMANDS[word] : undefined;
}

/** Registers every command on `program`, in order. */
export async function registerAll(program: Command, cli: CliEnv, ctx: RegisterContext): Promise<void> {
  const registers = await Promise.all(Object.values(COMMANDS).map((load) => load()));
  for (const register of registers) register(program, cli, ctx);
}

/** The words of the commands that can be built alone, for the test that builds each so. */
export const SINGLE_WORDS = Object.keys(COMMANDS).filter((w) => !WHOLE_ONLY.has(w));
