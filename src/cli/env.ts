import type { LoadedConfig, Paths } from '../config/index.js';
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
  /** Crash recovery: process session logs left behind, before the command runs. */
  recover: (loaded: LoadedConfig & { paths: Paths }) => Promise<void>;
}
