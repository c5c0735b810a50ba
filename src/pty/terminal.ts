import type { ChildProcess } from 'node:child_process';
import { childProcess } from '../lazy-builtins.js';

/**
 * The caller's terminal: raw mode on while the child runs, and always
 * restored, on every exit path (normal exit, killed child, uncaught error).
 */
export interface TerminalSize {
  cols: number;
  rows: number;
}

/** What a PTY gets when there is no terminal to copy (piped, CI). */
export const DEFAULT_SIZE: TerminalSize = { cols: 80, rows: 24 };

export function currentSize(): TerminalSize {
  const out = process.stdout;
  if (out.isTTY && out.columns > 0 && out.rows > 0) return { cols: out.columns, rows: out.rows };
  return DEFAULT_SIZE;
}

/**
 * A wrapper killed with kill -9 cannot restore the terminal, and a shell
 * without job control (dash, sh -c) does not either: the user is left in
 * raw mode. This helper holds the terminal's original settings and a pipe
 * from the wrapper; when the pipe closes without the wrapper having said it
 * is done, the wrapper died, and the helper puts the settings back.
 */
function startGuardian(saved: string): ChildProcess | undefined {
  if (!/^[0-9a-f:]+$/i.test(saved)) return undefined;
  try {
    const child = childProcess().spawn('sh', ['-c', 'IFS= read -r line; [ "$line" = done ] || stty "$1" <&3 2>/dev/null', 'claude-mem-tty-guard', saved], {
      stdio: ['pipe', 'ignore', 'ignore', 0],
    });
    child.on('error', () => undefined);
    child.stdin?.on('error', () => undefined);
    child.unref();
    (child.stdin as { unref?: () => void } | null)?.unref?.();
    return child;
  } catch {
    return undefined;
  }
}

export class RawMode {
  private on = false;
  private guardian: ChildProcess | undefined;
  private readonly restoreOnExit = (): void => this.restore();

  enter(): void {
    const stdin = process.stdin;
    if (!stdin.isTTY || this.on) return;
    const saved = childProcess().spawnSync('stty', ['-g'], { stdio: ['inherit', 'pipe', 'ignore'], encoding: 'utf8' }).stdout?.trim() ?? '';
    stdin.setRawMode(true);
    this.on = true;
    this.guardian = startGuardian(saved);
    // libuv's raw mode leaves output post-processing (ONLCR) on, which would
    // turn the child's "\r\n" into "\r\r\n". Turn it off as cfmakeraw and
    // script(1) do; setRawMode(false) restores the saved termios, OPOST included.
    childProcess().spawnSync('stty', ['-opost'], { stdio: ['inherit', 'ignore', 'ignore'] });
    // 'exit' handlers run on process.exit and on normal end; an uncaught
    // error reaches the top-level handler, which calls restore() too.
    process.once('exit', this.restoreOnExit);
  }

  restore(): void {
    if (!this.on) return;
    this.on = false;
    process.removeListener('exit', this.restoreOnExit);
    try {
      process.stdin.setRawMode(false);
    } catch {
      // stdin already closed: nothing left to restore.
    }
    // Restored by us: the guardian must not touch the terminal again (the
    // next program may have set its own mode by then). A signal is
    // synchronous; a pipe write might not land before exit.
    try {
      if (this.guardian?.pid) process.kill(this.guardian.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    this.guardian = undefined;
  }
}
