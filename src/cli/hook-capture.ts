/**
 * What a hook does with the event a CLI sends: read its JSON on stdin, append
 * it to the spool in the data folder (O_APPEND, one line). Synchronous and
 * node: builtins only, so the CommonJS hook entry (hook-main.ts) runs it
 * without Node's ESM loader, which costs a hook about 15 ms of a 45 ms
 * process on this machine.
 */
import { appendFileSync, fstatSync, mkdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { userDataDir } from '../config/paths.js';

/** Hook input beyond this is not read: a hook must never stall its CLI. */
export const MAX_HOOK_INPUT_BYTES = 1024 * 1024;

export { VIA_HOOKS_ENV } from '../env-names.js';

/** Inside `claude-mem run` a hook records nothing: run records the session itself. */
export const insideRun = (env: NodeJS.ProcessEnv): boolean => Boolean(env['CLAUDE_MEM_SESSION_ID']);

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Whether `fd` is a character device: a terminal (a person trying the
 * command), or /dev/null, which holds nothing to read either. Asked of
 * fstat, not node:tty, whose load (net and streams with it, ~4 ms) was a
 * good part of what a hook process adds to Node's own start.
 */
function isCharacterDevice(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return false;
  }
}

/**
 * Stdin up to MAX_HOOK_INPUT_BYTES, the rest read and dropped so the CLI's
 * write never blocks on a full pipe. A terminal on stdin gives '' rather
 * than waiting for the person at it.
 */
export function readHookInputSync(fd = 0): string {
  if (isCharacterDevice(fd)) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  let waits = 0;
  const buf = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (err) {
      // A non-blocking pipe with nothing yet: wait a moment, up to ~2 s in all.
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN' && waits++ < 2000) {
        Atomics.wait(pause, 0, 0, 1);
        continue;
      }
      break;
    }
    if (n === 0) break;
    if (size < MAX_HOOK_INPUT_BYTES) chunks.push(Buffer.from(buf.subarray(0, Math.min(n, MAX_HOOK_INPUT_BYTES - size))));
    size += n;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The event's JSON object; anything else (not JSON, an array, cut at the cap) is {}. */
export function parseHookInput(raw: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(raw || '{}') as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Not JSON: nothing to spool but the event's name.
  }
  return {};
}

/**
 * What of an event is spooled: where and which session, never what was
 * said. Prompts, tool input and output may hold secrets and <private>
 * text, and this path runs before any redaction could (node: builtins
 * only); nothing reads them back, the transcript import reads the CLI's own
 * file.
 */
const SPOOLED_KEYS = ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'tool_name', 'source', 'reason', 'matcher', 'model', 'permission_mode', 'stop_hook_active'];

/** Pure: the spooled part of an event's input. */
export function spoolRecord(input: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const k of SPOOLED_KEYS) {
    const v = input[k];
    if (typeof v === 'string') out[k] = v.slice(0, 1024);
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** Appends one event to `<data>/hooks/<cli>-<session>.jsonl`; throws on a full disk or a read-only home. */
export function appendToSpool(event: string, forCli: string, input: Record<string, unknown>, env: NodeJS.ProcessEnv): void {
  const dir = join(userDataDir(env), 'hooks');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const session = typeof input['session_id'] === 'string' && /^[\w-]+$/.test(input['session_id']) ? input['session_id'] : 'unknown';
  appendFileSync(join(dir, `${forCli}-${session}.jsonl`), `${JSON.stringify({ at: Date.now(), event, input: spoolRecord(input) })}\n`, { mode: 0o600, flag: 'a' });
}
