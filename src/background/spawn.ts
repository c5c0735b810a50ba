import { childProcess } from '../lazy-builtins.js';
import { openSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Path of the built entry point, for the background processes we start. */
export const CLI_ENTRY = join(dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'main.js');

/**
 * Old-space cap of a process that distills: the screen model and JSON
 * parsing of a long log make garbage faster than V8 collects it unbidden,
 * and a capped heap keeps a 1 GB log under ~200 MB of RSS at the same speed
 * (bench/biglog.mjs). What the distiller keeps is bounded (MAX_LINE_TEXT_CHARS).
 */
export const DISTILL_HEAP_FLAG = '--max-old-space-size=128';

/** True when this process already runs with a capped heap. */
export function heapCapped(): boolean {
  return process.execArgv.some((a) => a.startsWith('--max-old-space-size'));
}

/**
 * Runs `claude-mem <args>` in the foreground with the distiller's heap cap,
 * stdio shared; resolves with its exit status.
 */
export function runCapped(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = childProcess().spawn(process.execPath, [DISTILL_HEAP_FLAG, CLI_ENTRY, ...args], { cwd, env, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Starts `claude-mem --quiet <args>` detached, so the user's shell comes back at
 * once and the work survives the wrapper's exit.
 */
export function spawnDetached(args: string[], cwd: string, env: NodeJS.ProcessEnv, o: { heapCap?: boolean; nice?: boolean } = {}): void {
  try {
    // --quiet is a global option: it must come before the command.
    const node = o.heapCap === false ? [CLI_ENTRY] : [DISTILL_HEAP_FLAG, CLI_ENTRY];
    const child = childProcess().spawn(process.execPath, [...node, '--quiet', ...args], {
      cwd,
      env,
      detached: true,
      // CLAUDE_MEM_DEBUG_SPAWN=<file> keeps the background processes' output, for debugging.
      stdio: process.env['CLAUDE_MEM_DEBUG_SPAWN'] ? ['ignore', openSync(process.env['CLAUDE_MEM_DEBUG_SPAWN'], 'a'), openSync(process.env['CLAUDE_MEM_DEBUG_SPAWN'], 'a')] : 'ignore',
    });
    child.on('error', () => undefined);
    // Background work must never compete with the user's own: lowest priority
    // (not a server that answers the user's own queries).
    if (child.pid && o.nice !== false) {
      try {
        setPriority(child.pid, 19);
      } catch {
        // Not allowed here: it still runs, just at normal priority.
      }
    }
    child.unref();
  } catch {
    // Processing is retried at the start of the next claude-mem command.
  }
}
