import { spawnSync } from 'node:child_process';

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

export class RawMode {
  private on = false;
  private readonly restoreOnExit = (): void => this.restore();

  enter(): void {
    const stdin = process.stdin;
    if (!stdin.isTTY || this.on) return;
    stdin.setRawMode(true);
    this.on = true;
    // libuv's raw mode leaves output post-processing (ONLCR) on, which would
    // turn the child's "\r\n" into "\r\r\n". Turn it off as cfmakeraw and
    // script(1) do; setRawMode(false) restores the saved termios, OPOST included.
    spawnSync('stty', ['-opost'], { stdio: ['inherit', 'ignore', 'ignore'] });
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
  }
}
