/**
 * The hook endpoint's capture path for every event: the spool line
 * (hook-capture.ts), and for a SessionEnd the transcript's import queued in
 * the background. Inside `claude-mem run` it does nothing, run already
 * records the session; except that SessionStart hands the block over when
 * run left that to the CLI's hooks (VIA_HOOKS_ENV: Codex, whose per-run
 * flags would change its mode). node: builtins only (hook-main.ts).
 */
import { spawnDetached } from '../background/spawn.js';
import { appendToSpool, insideRun, parseHookInput, readHookInputSync, VIA_HOOKS_ENV } from './hook-capture.js';

export interface HookEvent {
  input: Record<string, unknown>;
  cwd: string;
}

/** CLIs whose transcripts import reads: their SessionEnd queues one. */
const IMPORTS = new Set(['claude', 'codex', 'gemini']);

/** Spools one event; never throws. Returns the parsed input, or undefined inside run. */
export function spoolHook(event: string, forCli: string, env: NodeJS.ProcessEnv, cwd: string): HookEvent | undefined {
  const inside = insideRun(env);
  if (inside && !(event === 'SessionStart' && env[VIA_HOOKS_ENV] === '1')) return undefined;
  const input = parseHookInput(readHookInputSync());
  const at = typeof input['cwd'] === 'string' ? input['cwd'] : cwd;
  if (inside) return { input, cwd: at };
  try {
    appendToSpool(event, forCli, input, env);
    if (event === 'SessionEnd' && IMPORTS.has(forCli)) {
      spawnDetached(['import', '--from', forCli, '--dir', at], at, env);
    } else if (event === 'SessionStart' && forCli === 'codex') {
      // Codex's shared background server keeps a session open after its
      // window closes, so SessionEnd may come late or never: each start
      // imports the sessions before it (unchanged rollouts cost a stat),
      // never this one: it has only begun.
      const own = typeof input['transcript_path'] === 'string' ? ['--except', input['transcript_path']] : [];
      spawnDetached(['import', '--from', 'codex', ...own], at, env);
    }
  } catch {
    // A full disk or a read-only home: the CLI must not notice.
  }
  return { input, cwd: at };
}

/**
 * `hook <event> [--for <cli>]` for any event but SessionStart (whose block
 * needs the stores): spooled here, true. Anything else (another command,
 * SessionStart, --help) is the full CLI's: false.
 */
export function fastHook(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): boolean {
  const event = argv[0] === 'hook' ? argv[1] : undefined;
  if (event === undefined || !/^[A-Za-z]+$/.test(event) || event === 'SessionStart' || argv.some((a) => a === '--help' || a === '-h')) return false;
  const forAt = argv.indexOf('--for');
  spoolHook(event, forAt >= 0 ? (argv[forAt + 1] ?? 'claude') : 'claude', env, cwd);
  return true;
}
