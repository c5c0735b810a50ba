/**
 * The hook endpoint's capture path, light enough to load on every tool call
 * of a CLI: no commander, no SQLite, only node:fs. It appends the event the
 * CLI sent to a spool in the data folder (O_APPEND, one line), and for a
 * SessionEnd queues the transcript's import in the background. Inside
 * `claude-mem run` it does nothing, run already records the session; except
 * that SessionStart hands the block over when run left that to the CLI's
 * hooks (VIA_HOOKS_ENV: Codex, whose per-run flags would change its mode).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { userDataDir } from '../config/paths.js';

/** Hook input beyond this is not read: a hook must never stall its CLI. */
export const MAX_HOOK_INPUT_BYTES = 1024 * 1024;

export function readHookInput(): Promise<string> {
  return new Promise((resolve) => {
    if (process.stdin.isTTY) return resolve('');
    let size = 0;
    const chunks: Buffer[] = [];
    process.stdin.on('data', (d: Buffer) => {
      size += d.length;
      if (size <= MAX_HOOK_INPUT_BYTES) chunks.push(d);
    });
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', () => resolve(''));
  });
}

export interface HookEvent {
  input: Record<string, unknown>;
  cwd: string;
}

/** Set by run in the child's env when the CLI's own SessionStart hook is to hand the block over. */
export const VIA_HOOKS_ENV = 'CLAUDE_MEM_VIA_HOOKS';

/** CLIs whose transcripts import reads: their SessionEnd queues one. */
const IMPORTS = new Set(['claude', 'codex', 'gemini']);

/** Spools one event; never throws. Returns the parsed input, or undefined inside run. */
export async function spoolHook(event: string, forCli: string, env: NodeJS.ProcessEnv, cwd: string): Promise<HookEvent | undefined> {
  const insideRun = Boolean(env['CLAUDE_MEM_SESSION_ID']);
  if (insideRun && !(event === 'SessionStart' && env[VIA_HOOKS_ENV] === '1')) return undefined;
  const raw = await readHookInput();
  let input: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(raw || '{}') as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) input = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: nothing to spool but the event's name.
  }
  const at = typeof input['cwd'] === 'string' ? input['cwd'] : cwd;
  if (insideRun) return { input, cwd: at };
  try {
    const dir = join(userDataDir(env), 'hooks');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const session = typeof input['session_id'] === 'string' && /^[\w-]+$/.test(input['session_id']) ? input['session_id'] : 'unknown';
    appendFileSync(join(dir, `${forCli}-${session}.jsonl`), `${JSON.stringify({ at: Date.now(), event, input })}\n`, { mode: 0o600, flag: 'a' });
    if (event === 'SessionEnd' && IMPORTS.has(forCli)) {
      const { spawnDetached } = await import('../memory/background.js');
      spawnDetached(['import', '--from', forCli, '--dir', at], at, env);
    } else if (event === 'SessionStart' && forCli === 'codex') {
      // Codex's shared background server keeps a session open after its
      // window closes, so SessionEnd may come late or never: each start
      // imports the sessions before it (unchanged rollouts cost a stat),
      // never this one: it has only begun.
      const { spawnDetached } = await import('../memory/background.js');
      const own = typeof input['transcript_path'] === 'string' ? ['--except', input['transcript_path']] : [];
      spawnDetached(['import', '--from', 'codex', ...own], at, env);
    }
  } catch {
    // A full disk or a read-only home: the CLI must not notice.
  }
  return { input, cwd: at };
}
