import { createRequire } from 'node:module';
import type { IPty } from 'node-pty';
import { StringDecoder } from 'node:string_decoder';
import type { EventEmitter } from 'node:events';
import { exitStatus } from './exit-status.js';
import { currentSize, RawMode, type TerminalSize } from './terminal.js';
import type { SessionEvent } from './events.js';
import { guardObserver } from './fan-out.js';
import { MarkerCatcher, type CatchMode } from './marker-catcher.js';
import { deferDestroy, holdSlaveUntilExit } from './slave-hold.js';
import { ReaderHolds } from './reader-holds.js';
import { InputHold } from './input-hold.js';
import { ChildEnder } from './hangup.js';

// node-pty is CommonJS: required, not imported, so the ES loader does not
// run its export scanner over it on every launch.
const require = createRequire(import.meta.url);
const ptySpawn: typeof import('node-pty').spawn = (file, args, options) => (require('node-pty') as typeof import('node-pty')).spawn(file, args, options);

/** Signals sent to the wrapper that belong to the child. */
const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'];
/** Of those, the ones that end a session: never leave the CLI running after them (hangup.ts). */
const ENDING_SIGNALS = new Set<NodeJS.Signals>(['SIGTERM', 'SIGHUP']);
/** "Ready" for first input: this long without output after the first output. */
const READY_QUIET_MS = 600;

export interface SessionOptions {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Records the session; it never touches the pass-through. */
  observer?: SessionObserver;
  /**
   * An observer that throws is detached after this is called once: the
   * child's output and exit status never depend on it.
   */
  onObserverFailure?: (err: unknown) => void;
  /**
   * Typed once the child looks ready: it has printed something and then
   * been quiet for a moment (the stdin adapter method).
   */
  firstInput?: string;
  /**
   * Keeps a marker line typed at the start of a line from the child (see
   * marker-catcher.ts). `everywhere`: also on the alternate screen (an AI
   * CLI's own full-screen TUI), not only outside full-screen apps.
   */
  catchMarker?: { marker: string; mode: CatchMode; everywhere: boolean };
}

/** What watches a session from the side. Every callback is optional. */
export interface SessionObserver {
  /** Once the PTY exists, with its slave device path (for the echo probe). */
  start?(info: { ptsName: string | undefined; size: TerminalSize; pid: number }): void;
  /** Every event, after the bytes have already been passed through. */
  event?(e: SessionEvent): void;
  /** Raw input after it was written to the child; the observer decides what to record. */
  input?(t: number, data: string): void;
  /**
   * Asked before input is written to the child: a promise means "hold the
   * input until it settles" (no echo reading has answered yet); stdin is
   * paused meanwhile and the input held is passed on in order.
   */
  holdInput?(): Promise<void> | undefined;
  /**
   * Asked after each output chunk: a promise means "hold the output until it
   * settles" (the recorder is behind); the PTY is paused meanwhile.
   */
  backlog?(): Promise<void> | undefined;
}

export interface SessionResult {
  status: number;
  size: TerminalSize;
}

function ptsNameOf(pty: IPty): string | undefined {
  // UnixTerminal has a `ptsName` getter that the typings do not declare.
  const name: unknown = (pty as unknown as { ptsName?: unknown }).ptsName;
  return typeof name === 'string' ? name : undefined;
}

/**
 * Runs a command under a PTY and passes every byte through unchanged, both
 * ways. Everything else (recording, screen text) hangs off onEvent, after
 * the bytes have reached the screen.
 */
/**
 * node-pty writes input asynchronously and reports a write that lands after
 * the child closed its terminal with console.error. That is the normal end
 * of a session (input typed as the child exits), not something to show the
 * user, so exactly that report is kept off the screen while a session runs.
 */
function quietLateWrites(): () => void {
  const original = console.error;
  console.error = (...args: unknown[]): void => {
    const [first, err] = args;
    const code = typeof err === 'object' && err !== null && 'code' in err ? (err as { code: unknown }).code : undefined;
    if (first === 'Unhandled pty write error' && (code === 'EBADF' || code === 'EIO')) return;
    original(...args);
  };
  return () => {
    console.error = original;
  };
}

export function runSession(opts: SessionOptions): Promise<SessionResult> {
  const start = process.hrtime.bigint();
  const now = (): number => Number(process.hrtime.bigint() - start) / 1e9;
  const size = currentSize();
  const raw = new RawMode();
  const env = { ...opts.env, TERM: opts.env['TERM'] ?? 'xterm-256color' };

  // encoding: null gives Buffers, so binary and invalid UTF-8 pass through
  // untouched; decoding happens only for the log, on a copy.
  const restoreConsole = quietLateWrites();
  // The keeper's first stty runs while node-pty forks the child.
  raw.prepare();
  const pty = ptySpawn(opts.file, opts.args, {
    name: env.TERM,
    cols: size.cols,
    rows: size.rows,
    cwd: opts.cwd,
    env,
    encoding: null,
  });
  const observer = guardObserver(opts.observer, (err) => opts.onObserverFailure?.(err));
  const ptsName = ptsNameOf(pty);
  // Nothing is read before raw mode is on (see reader-holds.ts).
  const holds = new ReaderHolds(pty);
  holds.hold('terminal');
  const slaveHold = deferDestroy(pty, holdSlaveUntilExit(ptsName, pty.pid, () => holds.noteChildGone()));
  observer?.start?.({ ptsName, size, pid: pty.pid });

  const outDecoder = new StringDecoder('utf8');
  const catcher = opts.catchMarker ? new MarkerCatcher(opts.catchMarker.marker, opts.catchMarker.mode, opts.catchMarker.everywhere) : undefined;
  const inDecoder = new StringDecoder('utf8');
  let exited = false;
  let streamClosed = false;
  let exitInfo: { exitCode: number; signal?: number } | undefined;
  const emit = (e: SessionEvent): void => observer?.event?.(e);

  return new Promise<SessionResult>((resolvePromise) => {
    const stdout = process.stdout;

    let readyTimer: NodeJS.Timeout | undefined;
    let firstInput = opts.firstInput;
    const armFirstInput = (): void => {
      if (firstInput === undefined) return;
      if (readyTimer) clearTimeout(readyTimer);
      readyTimer = setTimeout(() => {
        if (exited || firstInput === undefined) return;
        pty.write(`${firstInput}\r`);
        firstInput = undefined;
      }, READY_QUIET_MS);
    };

    const dataSub = pty.onData((chunk: string | Buffer) => {
      armFirstInput();
      slaveHold.noteOutput();
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      // Screen first: the log never delays output.
      if (!stdout.write(buf) && holds.hold('stdout')) stdout.once('drain', () => holds.release('stdout'));
      const text = outDecoder.write(buf);
      if (text) emit({ t: now(), code: 'o', data: text });
      if (text) catcher?.noteOutput(text);
      const hold = observer?.backlog?.();
      if (hold && holds.hold('recorder')) void hold.then(() => holds.release('recorder'));
    });

    const inputHold = new InputHold(
      process.stdin,
      (chunk) => passInput(chunk),
      () => onStdinEnd(),
      () => !exited && !streamClosed,
    );
    const onStdin = (chunk: Buffer): void => {
      if (exited || streamClosed) return;
      if (!inputHold.take(chunk, () => observer?.holdInput?.())) passInput(chunk);
    };
    const passInput = (chunk: Buffer): void => {
      if (exited || streamClosed) return;
      const text = inDecoder.write(chunk);
      const caught = catcher?.feed(text);
      if (!caught || caught.untouched) pty.write(chunk);
      else {
        if (caught.forward) pty.write(caught.forward);
        if (caught.echo) stdout.write(caught.echo);
      }
      if (text) observer?.input?.(now(), text);
    };
    const onStdinEnd = (): void => {
      if (inputHold.takeEnd()) return;
      // Piped input ran out: give the child an EOF, as a terminal would on ^D.
      if (!exited && !streamClosed && !process.stdin.isTTY) pty.write('\x04');
      // A terminal's input ends only when the terminal is gone.
      else if (process.stdin.isTTY) onTerminalGone();
    };

    const onResize = (): void => {
      // Never resize a PTY that has exited: node-pty throws.
      if (exited) return;
      const s = currentSize();
      try {
        pty.resize(s.cols, s.rows);
        emit({ t: now(), code: 'r', data: `${s.cols}x${s.rows}` });
      } catch {
        // The child exited between the check and the call.
      }
    };

    const ender = new ChildEnder(pty.pid);
    const signalHandlers = FORWARDED_SIGNALS.map((sig) => {
      const handler = (): void => {
        if (exited) return;
        if (ENDING_SIGNALS.has(sig)) ender.end(sig);
        else ender.signal(sig);
      };
      process.on(sig, handler);
      return [sig, handler] as const;
    });
    // The terminal went away without a signal reaching us (its reads end,
    // its writes fail with EIO): what closing it does to a CLI run directly.
    let hungUp = false;
    const onTerminalGone = (): void => {
      if (hungUp || exited) return;
      hungUp = true;
      ender.end('SIGHUP');
    };
    const onStdoutError = (): void => onTerminalGone();
    stdout.on('error', onStdoutError);
    // claude-mem's own lines after the session (stderr) must not crash the wrapper either.
    process.stderr.on('error', () => undefined);
    process.stdin.on('error', onTerminalGone);

    let finishing = false;
    const finish = (): void => {
      if (!exited || !streamClosed || !exitInfo || finishing) return;
      finishing = true;
      // The terminal is put back only once raw mode is wholly on (see RawMode.restore).
      const info = exitInfo;
      void raw.enter().then(() => finishEntered(info));
    };
    const finishEntered = (info: { exitCode: number; signal?: number }): void => {
      slaveHold.release();
      if (readyTimer) clearTimeout(readyTimer);
      dataSub.dispose();
      exitSub.dispose();
      process.stdin.removeListener('data', onStdin);
      process.stdin.removeListener('end', onStdinEnd);
      process.stdin.pause();
      process.removeListener('SIGWINCH', onResize);
      for (const [sig, h] of signalHandlers) process.removeListener(sig, h);
      ender.cancel();
      process.stdin.removeListener('error', onTerminalGone);
      raw.restore();
      // Late input writes may still fail after this; keep them quiet a moment longer.
      setTimeout(restoreConsole, 1000).unref();
      const tail = outDecoder.end();
      if (tail) emit({ t: now(), code: 'o', data: tail });
      const status = exitStatus(info.exitCode, info.signal);
      const flushAndResolve = (): void => resolvePromise({ status, size });
      // A terminal that is gone never drains.
      if (stdout.writableNeedDrain && !hungUp) stdout.once('drain', flushAndResolve);
      else flushAndResolve();
    };

    // node-pty emits exit only after its read side has closed (EIO is the
    // normal end of output), but we also listen for 'close' ourselves: the
    // session ends when the output stream ends, not when the child exits.
    const emitter = pty as unknown as EventEmitter;
    if (typeof emitter.once === 'function') {
      emitter.once('close', () => {
        streamClosed = true;
        finish();
      });
    } else {
      streamClosed = true;
    }
    const exitSub = pty.onExit(({ exitCode, signal }) => {
      exited = true;
      exitInfo = { exitCode, signal };
      // If 'close' never comes (a grandchild holds the PTY open), node-pty
      // destroys the socket on a timer and emits exit then: treat it as closed.
      streamClosed = true;
      finish();
    });

    void raw.enter().then(() => {
      holds.release('terminal');
      if (finishing) return;
      process.stdin.on('data', onStdin);
      process.stdin.on('end', onStdinEnd);
      process.stdin.resume();
      process.on('SIGWINCH', onResize);
    });
  });
}

