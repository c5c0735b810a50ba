import { closeSync, openSync, write, writeSync, chmodSync } from 'node:fs';
import { encodeEvent, encodeHeader, type CastHeader } from './asciicast.js';
import type { SessionEvent, Sink } from './events.js';
import { ensurePrivateDir, FILE_MODE } from '../fs-private.js';
import { dirname } from 'node:path';
import { errnoCode } from '../errors.js';

/**
 * The design asks for at least one flush a second. A wrapper killed with
 * kill -9 loses what was not yet written, so flush often enough that at
 * most ~100 ms of the last output is lost: every 100 ms lost up to 101 ms
 * (the timer's own lateness on a busy machine), so every 50 ms. A flush
 * with nothing pending costs nothing, one with output is one async write
 * (measured in bench/: pass-through is unchanged).
 */
export const FLUSH_INTERVAL_MS = 50;
/** Above this much pending text, flush now rather than wait for the timer. */
const EAGER_FLUSH_BYTES = 256 * 1024;
/**
 * If the disk falls this far behind, the session's output is held (the PTY
 * paused, as a terminal that cannot keep up would) until the log catches
 * up: memory stays bounded and nothing is dropped from the log.
 */
const BACKLOG_BYTES = 4 * 1024 * 1024;

export interface RecorderOptions {
  path: string;
  header: CastHeader;
  /** Called once when recording turns itself off. */
  onFailure: (reason: string) => void;
}

function describeWriteError(err: unknown, path: string): string {
  const code = errnoCode(err);
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `the disk is full; recording is off for this session (${path}). Free some space; the session goes on.`;
    case 'EROFS':
      return `${dirname(path)} is read-only; recording is off for this session.`;
    case 'EACCES':
    case 'EPERM':
      return `no permission to write ${path}; recording is off for this session.`;
    default:
      return `cannot write ${path} (${code ?? String(err)}); recording is off for this session.`;
  }
}

/**
 * The lines as UTF-8, each encoded straight into one buffer (at most 3
 * bytes per UTF-16 unit). Joining them first and encoding the joined
 * string cost ten times as much: 3.4 ns a byte, the recorder's largest
 * cost when a session prints a lot. The same bytes as the joined string's
 * because each line is whole JSON (JSON.stringify escapes a lone
 * surrogate), so no character is split between two lines.
 */
export function encoded(lines: string[]): Buffer {
  let units = 0;
  for (const l of lines) units += l.length;
  const buf = Buffer.allocUnsafe(units * 3);
  let at = 0;
  for (const l of lines) at += buf.write(l, at, 'utf8');
  return buf.subarray(0, at);
}

/**
 * Appends asciicast v2 events to the session log, off the pass-through path:
 * events are queued in memory and written asynchronously on a timer, so a
 * slow disk never delays output reaching the screen. Close writes the rest
 * synchronously, so nothing queued is lost at exit.
 */
export class CastRecorder implements Sink {
  private fd: number | undefined;
  private pending: string[] = [];
  private pendingBytes = 0;
  private writing = false;
  private failed = false;
  private timer: NodeJS.Timeout | undefined;
  private idleWaiters: Array<() => void> = [];
  private eventCount = 0;
  private inFlightBytes = 0;

  constructor(private readonly opts: RecorderOptions) {
    try {
      ensurePrivateDir(dirname(opts.path));
      this.fd = openSync(opts.path, 'a', FILE_MODE);
      try {
        chmodSync(opts.path, FILE_MODE);
      } catch {
        // Not ours to chmod (e.g. a device node in tests); writing still works.
      }
      this.pending.push(encodeHeader(opts.header));
      this.timer = setInterval(() => this.flush(), FLUSH_INTERVAL_MS);
      this.timer.unref();
    } catch (err) {
      this.fail(err);
    }
  }

  get active(): boolean {
    return !this.failed;
  }

  /**
   * Resolves when the disk has caught up, or undefined when it is not behind.
   * The caller pauses the PTY meanwhile.
   */
  backlog(): Promise<void> | undefined {
    if (this.failed || this.pendingBytes + this.inFlightBytes < BACKLOG_BYTES) return undefined;
    this.flush();
    return new Promise<void>((r) => this.idleWaiters.push(r));
  }

  /** Events recorded so far (the header not counted). */
  get events(): number {
    return this.eventCount;
  }

  event(e: SessionEvent): void {
    if (this.failed) return;
    const line = encodeEvent(e);
    this.eventCount++;
    this.pending.push(line);
    this.pendingBytes += line.length;
    if (this.pendingBytes > EAGER_FLUSH_BYTES) this.flush();
  }

  flush(): void {
    if (this.failed || this.writing || this.fd === undefined || this.pending.length === 0) return;
    const chunk = encoded(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    this.inFlightBytes = chunk.length;
    this.writing = true;
    const fd = this.fd;
    const writeFrom = (offset: number): void => {
      write(fd, chunk, offset, chunk.length - offset, null, (err, n) => {
        if (err) {
          this.writing = false;
          this.fail(err);
          this.idleWaiters.splice(0).forEach((w) => w());
          return;
        }
        if (offset + n < chunk.length) {
          writeFrom(offset + n);
          return;
        }
        this.writing = false;
        this.inFlightBytes = 0;
        this.idleWaiters.splice(0).forEach((w) => w());
        // More may have queued while this write was in flight.
        if (this.pendingBytes > EAGER_FLUSH_BYTES) this.flush();
      });
    };
    writeFrom(0);
  }

  /** Waits for the write in flight, then writes the rest and closes. */
  async finish(): Promise<void> {
    if (this.writing) await new Promise<void>((r) => this.idleWaiters.push(r));
    this.close();
  }

  /**
   * Synchronous last resort (an uncaught error): writes what is queued. Prefer
   * finish(), which first waits for the write in flight so order is kept.
   */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.fd === undefined) return;
    if (!this.failed && this.pending.length > 0) {
      try {
        const chunk = encoded(this.pending);
        writeSync(this.fd, chunk, 0, chunk.length);
      } catch (err) {
        this.fail(err);
      }
      this.pending = [];
    }
    try {
      closeSync(this.fd);
    } catch {
      // Already closed or the disk vanished: nothing more to save.
    }
    this.fd = undefined;
  }

  private fail(err: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.pending = [];
    if (this.timer) clearInterval(this.timer);
    this.opts.onFailure(describeWriteError(err, this.opts.path));
  }
}
