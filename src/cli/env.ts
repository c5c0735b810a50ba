import { resolve } from 'node:path';
import { loadConfig, type LoadedConfig, type Paths } from '../config/index.js';
import type { DirectoryMemory } from '../memory/index.js';
import type { OpenOptions } from '../memory/open.js';
import type { Messages } from './messages.js';

/** What every command is handed: no command reads process globals itself. */
export interface CliEnv {
  cwd: string;
  env: NodeJS.ProcessEnv;
  messages: Messages;
  /** stdout, for results. */
  print: (line: string) => void;
  /** --set flags given before the command. */
  sets: () => string[];
  /** The arguments after `claude-mem` itself, as given (for re-running a command). */
  argv: string[];
  /** Exit with this status once the command is done (for outcomes that are not errors). */
  setExitCode: (code: number) => void;
  /** claude-mem's own status lines that describe a session are shown only on a terminal. */
  stderrIsTerminal: boolean;
}

export function loadFor(cli: CliEnv, dir?: string, warn = true): LoadedConfig & { paths: Paths } {
  const loaded = loadConfig({ cwd: dir ? resolve(cli.cwd, dir) : cli.cwd, env: cli.env, sets: cli.sets() });
  if (warn) for (const w of loaded.warnings) cli.messages.warn(w);
  return loaded;
}

/**
 * Opens the memory of the current directory (or `dir`) for one command and
 * always closes it. The core does the upkeep (heat, the fallback notice,
 * archiving), the background the crash recovery; notices go to stderr.
 */
export async function withCliMemory<T>(
  cli: CliEnv,
  fn: (memory: DirectoryMemory) => Promise<T> | T,
  o: { dir?: string; recover?: boolean; create?: boolean } = {},
): Promise<T> {
  const cwd = o.dir ? resolve(cli.cwd, o.dir) : cli.cwd;
  const loaded = loadFor(cli, o.dir);
  // Loaded here, not at the top: `run` must not pay for SQLite it may not use.
  // Not the package's barrel: a memory command must not load the wrapper (node-pty, setup).
  const { withUpkeep } = await import('../background/with-upkeep.js');
  const open = { cwd, env: cli.env, loaded, notices: cli.messages, recover: o.recover, create: o.create };
  return keeper ? keeper.use(open, fn) : withUpkeep(open, fn);
}

/**
 * A process that answers many commands (the query server) keeps each
 * directory's memory open between them: opening the stores and mapping the
 * vector index is most of what a one-off query pays.
 */
export type KeptOpen = Omit<OpenOptions, 'recover'> & { recover?: boolean; cwd: string; loaded: LoadedConfig & { paths: Paths } };

export interface MemoryKeeper {
  use<T>(open: KeptOpen, fn: (memory: DirectoryMemory) => Promise<T> | T): Promise<T>;
}

let keeper: MemoryKeeper | undefined;

export function keepMemoriesOpen(k: MemoryKeeper | undefined): void {
  keeper = k;
}
