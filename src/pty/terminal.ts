import type { ChildProcess } from 'node:child_process';
import { childProcess } from '../lazy-builtins.js';
import { eachLine, unrefHelper } from './helper-process.js';

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
 * The keeper: one helper shell for the caller's terminal. It reads the
 * terminal's settings before raw mode (`stty -g`, its first line out), turns
 * output post-processing off once told raw mode is on (then says `ok`), and
 * holds the settings: a wrapper killed with kill -9 cannot restore the
 * terminal, and a shell without job control (dash, sh -c) does not either,
 * so when its pipe closes without the wrapper having said `done`, it puts
 * them back. One spawn that runs beside the child's, where there were two
 * synchronous stty runs and a guardian (~28 ms of a launch on a terminal).
 */
const KEEPER_SCRIPT = [
  'saved=$(stty -g <&3 2>/dev/null); echo "s:$saved"',
  'IFS= read -r line || line=',
  'if [ "$line" = raw ]; then stty -opost <&3 2>/dev/null; echo ok; IFS= read -r line || line=; fi',
  '[ "$line" = done ] || [ -z "$saved" ] || stty "$saved" <&3 2>/dev/null',
].join('\n');

/** A keeper that has not answered in this long is given up: the wrapper does the step itself. */
const KEEPER_TIMEOUT_MS = 1000;

/** Reads the keeper's answers, one a line, in order. */
class Keeper {
  private readonly lines: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  private gone = false;

  constructor(readonly child: ChildProcess) {
    eachLine(child, (line) => this.take(line));
    const end = (): void => {
      this.gone = true;
      this.waiting?.(undefined);
    };
    child.on('error', end);
    child.on('exit', end);
    child.stdout?.on('end', end);
    child.stdin?.on('error', () => undefined);
  }

  private take(line: string): void {
    if (this.waiting) this.waiting(line);
    else this.lines.push(line);
  }

  /** The next line, or undefined when the keeper is gone or slow. */
  next(): Promise<string | undefined> {
    const ready = this.lines.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.gone) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(undefined), KEEPER_TIMEOUT_MS);
      const settle = (line: string | undefined): void => {
        clearTimeout(timer);
        this.waiting = undefined;
        resolve(line);
      };
      this.waiting = settle;
    });
  }

  say(line: string): void {
    this.child.stdin?.write(`${line}\n`);
  }

  unref(): void {
    unrefHelper(this.child);
  }

  kill(): void {
    try {
      if (this.child.pid) process.kill(this.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

function startKeeper(): Keeper | undefined {
  try {
    return new Keeper(
      childProcess().spawn('sh', ['-c', KEEPER_SCRIPT, 'claude-mem-tty-keeper'], {
        stdio: ['pipe', 'pipe', 'ignore', 0],
      }),
    );
  } catch {
    return undefined;
  }
}

/**
 * Raw mode on the caller's terminal while the child runs, restored on every
 * exit path. `prepare` starts the keeper (call it before the slow work of
 * starting the child, so its first stty runs meanwhile); `enter` settles
 * once raw mode is on and output post-processing off; until then nothing
 * the child prints may be passed on.
 */
export class RawMode {
  private on = false;
  private keeper: Keeper | undefined;
  private entering: Promise<void> | undefined;
  private closed = false;
  private prepared = false;
  private readonly restoreOnExit = (): void => this.restore();

  prepare(): void {
    if (!process.stdin.isTTY || this.prepared) return;
    this.prepared = true;
    this.keeper = startKeeper();
    // 'exit' handlers run on process.exit and on normal end; an uncaught
    // error reaches the top-level handler, which calls restore() too. Hooked
    // now: a keeper left behind by a wrapper that never entered raw mode
    // would put back settings the next program may have changed by then.
    process.removeListener('exit', this.restoreOnExit);
    process.once('exit', this.restoreOnExit);
  }

  enter(): Promise<void> {
    this.entering ??= this.enterNow();
    return this.entering;
  }

  private async enterNow(): Promise<void> {
    const stdin = process.stdin;
    if (!stdin.isTTY) return;
    this.prepare();
    const keeper = this.keeper;
    // The settings must be read before raw mode: setRawMode keeps its own
    // copy for restore(), the keeper's is for a wrapper that died.
    const first = await keeper?.next();
    if (this.closed) return;
    const kept = first?.startsWith('s:') === true && first.length > 2;
    if (!kept) {
      keeper?.kill();
      this.keeper = undefined;
    }
    stdin.setRawMode(true);
    this.on = true;
    // libuv's raw mode leaves output post-processing (ONLCR) on, which would
    // turn the child's "\r\n" into "\r\r\n". Turn it off as cfmakeraw and
    // script(1) do; setRawMode(false) restores the saved termios, OPOST included.
    let opost = false;
    if (kept && keeper) {
      keeper.say('raw');
      opost = (await keeper.next()) === 'ok';
      keeper.unref();
    }
    if (!opost && this.on) childProcess().spawnSync('stty', ['-opost'], { stdio: ['inherit', 'ignore', 'ignore'] });
  }

  /**
   * Sync, for the 'exit' handler. Call it after enter() has settled: a
   * keeper killed during its `stty -opost` could leave that stty to land
   * after the settings were put back.
   */
  restore(): void {
    this.closed = true;
    // Restored by us: the keeper must not touch the terminal again (the
    // next program may have set its own mode by then). A signal is
    // synchronous; a pipe write might not land before exit.
    this.keeper?.kill();
    this.keeper = undefined;
    process.removeListener('exit', this.restoreOnExit);
    if (!this.on) return;
    this.on = false;
    try {
      process.stdin.setRawMode(false);
    } catch {
      // stdin already closed: nothing left to restore.
    }
  }
}
