import { closeSync, constants as fsConstants, openSync } from 'node:fs';

/**
 * How often the child's pid is checked while it may be exiting: for the
 * first moments of a session (so `run true` ends as soon as `true` has) and
 * after each SIGCHLD, which the kernel sends as our child exits (the signal
 * arrives before node-pty has reaped it, so the check goes on a while).
 * `kill(pid, 0)` is one syscall.
 */
const EXIT_POLL_MS = 2;
const FAST_POLL_FOR_MS = 200;
/**
 * Otherwise the pid is checked this rarely: a check every 2 ms all session
 * long woke an idle wrapper 500 times a second. Only a missed signal makes
 * an exit wait for it.
 */
const SLOW_POLL_MS = 100;
/** The child is gone and nothing arrived for this long: its output is all read. */
const QUIET_MS = 5;
/**
 * Output still arriving this long after the child is gone belongs to a
 * grandchild that kept the terminal: let go anyway. Long enough for a
 * loaded machine to read a fast writer's tail (at 150 ms, and with
 * node-pty's own 200 ms cut, see deferDestroy, CI lost 1,701 of 3,000
 * lines once); output that goes quiet lets go after QUIET_MS as before.
 */
const MAX_TAIL_MS = 1000;

export interface SlaveHold {
  /** Every output chunk: the hold lets go only once output has gone quiet. */
  noteOutput(): void;
  release(): void;
  /** Whether the slave is still held (the stream cannot end with EIO yet). */
  held(): boolean;
  /** Runs `fn` once the hold lets go (at once when it is not held). */
  afterRelease(fn: () => void): void;
}

// process.hrtime, not performance.now(): the first use of `performance` loads perf_hooks (~1.5 ms of every launch).
const monotonic = (): number => Number(process.hrtime.bigint()) / 1e6;

/**
 * Linux can report EIO on the master before the last output of an exiting
 * child has been moved into its read buffer, and that output is then lost
 * (seen here in ~2 % of runs of `read x; echo "got-$x"` with piped input).
 * Holding our own descriptor on the slave side keeps the master from
 * seeing the hangup until we let go: once the child's pid is gone, we read
 * until output has been quiet for a moment (a fixed wait lost the tail of
 * `seq 1 3000` in ~3 % of runs, when the reader was paused behind a slow
 * recorder), then close it and the normal EIO ends the stream.
 *
 * `onChildGone` is told first, so the session stops pausing its reader:
 * what is left is bounded by the kernel's buffers.
 */
export function holdSlaveUntilExit(ptsName: string | undefined, pid: number, onChildGone: () => void): SlaveHold {
  let fd: number | undefined;
  if (ptsName) {
    try {
      fd = openSync(ptsName, fsConstants.O_RDWR | fsConstants.O_NOCTTY | fsConstants.O_NONBLOCK);
    } catch {
      fd = undefined;
    }
  }
  let outputs = 0;
  let lastOutput = monotonic();
  let goneAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const waiting: Array<() => void> = [];

  const release = (): void => {
    stopPolling();
    if (timer) clearTimeout(timer);
    if (fd === undefined) return;
    try {
      closeSync(fd);
    } catch {
      // Already closed.
    }
    fd = undefined;
    for (const fn of waiting.splice(0)) fn();
  };

  // Timers run before libuv polls for I/O, so a timer that finds the
  // stream quiet may only mean the loop was busy: one immediate (after the
  // poll phase) confirms that nothing was waiting to be read.
  const settle = (): void => {
    if (fd === undefined || goneAt === undefined) return;
    const t = monotonic();
    const late = t - goneAt >= MAX_TAIL_MS;
    const wait = lastOutput + QUIET_MS - t;
    if (wait > 0 && !late) {
      timer = setTimeout(settle, wait);
      timer.unref();
      return;
    }
    const seen = outputs;
    setImmediate(() => {
      if (outputs === seen || late) release();
      else settle();
    });
  };

  let fastUntil = monotonic() + FAST_POLL_FOR_MS;
  let poll: NodeJS.Timeout | undefined;
  const check = (): void => {
    poll = undefined;
    try {
      process.kill(pid, 0);
    } catch {
      stopPolling();
      goneAt = monotonic();
      onChildGone();
      settle();
      return;
    }
    schedule(monotonic() < fastUntil ? EXIT_POLL_MS : SLOW_POLL_MS);
  };
  const schedule = (ms: number): void => {
    if (poll) clearTimeout(poll);
    poll = setTimeout(check, ms);
    // The PTY's own stream keeps the process alive; these timers never should.
    poll.unref();
  };
  const onChild = (): void => {
    fastUntil = monotonic() + FAST_POLL_FOR_MS;
    schedule(0);
  };
  const stopPolling = (): void => {
    if (poll) clearTimeout(poll);
    poll = undefined;
    process.removeListener('SIGCHLD', onChild);
  };
  if (fd !== undefined) {
    process.on('SIGCHLD', onChild);
    schedule(EXIT_POLL_MS);
  }

  return {
    noteOutput: (): void => {
      outputs++;
      lastOutput = monotonic();
    },
    release,
    held: () => fd !== undefined,
    afterRelease: (fn) => {
      if (fd === undefined) fn();
      else waiting.push(fn);
    },
  };
}

/**
 * node-pty destroys its stream 200 ms after the child's exit, whatever is
 * still unread (unixTerminal.js, DESTROY_SOCKET_TIMEOUT_MS). On a loaded
 * machine the tail of a fast writer's output was still in the kernel's
 * buffer then, and lost. While the slave is held, that destroy waits for
 * the hold to let go; letting go ends the stream with EIO, as it normally
 * ends, and the deferred destroy then finds it closed. The stream is
 * node-pty's private field: where it is not there, nothing changes.
 * Returns the hold, for the caller to keep.
 */
export function deferDestroy(pty: object, hold: SlaveHold): SlaveHold {
  const socket = (pty as { _socket?: { destroy?: (...args: unknown[]) => unknown } })._socket;
  const destroy = socket?.destroy;
  if (!socket || typeof destroy !== 'function') return hold;
  socket.destroy = (...args: unknown[]): unknown => {
    if (!hold.held()) return destroy.apply(socket, args);
    hold.afterRelease(() => destroy.apply(socket, args));
    return socket;
  };
  return hold;
}
