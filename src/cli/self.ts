import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Path of the built entry point, for the background processes we start. */
export const CLI_ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'main.js');

/**
 * Starts `claude-mem <args>` detached, so the user's shell comes back at
 * once and the work survives the wrapper's exit.
 */
export function spawnDetached(args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  try {
    const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
      cwd,
      env,
      detached: true,
      stdio: 'ignore',
    });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // Processing is retried at the start of the next claude-mem command.
  }
}
