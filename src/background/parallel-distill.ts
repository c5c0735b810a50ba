import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { distillSegment, type DistillContext, type Distilled } from '../distill/index.js';
import type { Segment, SegmentOptions } from '../segmenter/index.js';
import type { PreparedCandidate } from '../store/index.js';
import { screenText, type ScreenSegment } from '../episodes/said.js';

/**
 * Distilling a long session beside its writing. The distiller is pure and
 * the store's writes are sequential, so on a machine with a second core a
 * worker thread distills the segments while this thread writes the
 * candidates of the ones before: a one-hour log's 1.3 s of distilling is
 * then hidden behind its writes. The results, and their order, are the
 * same as distilling in this thread; a session too short to pay for a
 * worker, a machine with one core, or a worker that fails, distills here.
 */

/** What the worker needs to rebuild the DistillContext (a function does not cross threads). */
export interface ScreenContext {
  agent: string;
  dir: string;
  sessionId: string;
  /** The log's path from the project data dir: sources point into it. */
  logRef: string;
  marker: string;
}

/**
 * To the worker, in order: a slice of the segments (from: the index of its
 * first), handed back in parts of `part`; `last` on the final slice.
 */
export interface WorkerJob {
  kind: 'segments';
  segments: Segment[];
  from: number;
  context: ScreenContext;
  part: number;
  last: boolean;
  /** Also screen and embed each candidate there (the lexical vectors only: they compute anywhere). */
  prepare?: PrepareAhead;
}

/** The store's screening and embedder, for candidates prepared in the worker. */
export interface PrepareAhead {
  triviaFilter: boolean;
  embedderId: string;
}

/**
 * To the worker: the log itself. It is replayed there and segmented as it
 * is read (SegmentStream), and each segment that ended after `processedT`
 * is distilled as soon as it is final: the replay, the slowest step before
 * the writes, no longer holds them up, and no segment is copied between
 * threads. Its parts come back as a WorkerJob's do, then `replayed`. The
 * candidates are screened and embedded by the store, in the other thread:
 * with the replay here, that balances the two (a one-hour log: ~2.2 s of
 * work each, against 2.7 s here and 1.9 s there with them prepared here).
 */
export interface ReplayJob {
  kind: 'replay';
  path: string;
  segment: SegmentOptions;
  processedT: number;
  context: ScreenContext;
  /**
   * How many of its parts the writing thread has stored (one Int32, set
   * here, read there). A session that states little leaves the writing
   * thread waiting on the worker, which replays and distills both; while
   * it has at most one part left to store (distill-worker.ts RAW_BACKLOG),
   * the worker hands it the next part undistilled, to distill itself, and
   * the two threads share the distilling as their loads allow. Shared memory, not a message: the
   * replay runs long stretches without turning its event loop.
   */
  stored?: SharedArrayBuffer;
}

/** What the session's record needs from a replay done in the worker. */
export interface ReplayedLog {
  completeBytes: number;
  lastT: number;
  /** When the last segment distilled ended (none: undefined). */
  lastEnd: number | undefined;
}

/** A part: its results and, when asked, each result's candidates prepared (same order). */
export type WorkerMessage =
  | { kind: 'part'; from: number; results: Distilled[]; prepared?: PreparedCandidate[][]; screen?: ScreenSegment[]; log?: ReplayedLog }
  /** A replay's part handed over undistilled: the writing thread was waiting, so it distills these itself. */
  | { kind: 'raw'; from: number; segments: Segment[]; log?: ReplayedLog }
  | { kind: 'done' }
  | { kind: 'replayed'; log: ReplayedLog }
  | { kind: 'failed'; message: string };

/** What a part hands over; `screen`: each segment's screen text, from a replaying worker, which alone holds the segments. */
export type OnPart = (results: Distilled[], prepared?: PreparedCandidate[][], screen?: ScreenSegment[]) => Promise<void>;

export function screenContext(c: ScreenContext): DistillContext {
  return { agent: c.agent, dir: c.dir, sessionId: c.sessionId, marker: c.marker, sourceAt: (t) => `${c.logRef}#t=${t.toFixed(1)}` };
}

/** Fewer segments than this distill in this thread. */
export const WORKER_MIN_SEGMENTS = 64;
/** A log this big is worth starting the worker for before it is replayed (its start-up, ~60 ms, then costs nothing). */
export const EARLY_WORKER_BYTES = 1024 * 1024;
/** Segments per part handed back. */
export const PART = 16;
/**
 * The segments go over in slices, the first of them small: copying a
 * one-hour log's 900 segments to the worker takes ~160 ms (53 to write them
 * here, 108 to read them there), which would be this thread's idle wait for
 * its first part. A slice of 4 is there at once; the rest is copied while
 * the worker distills it.
 */
const FIRST_SLICE = 4;
const SLICE = 64;

/** Beside this module: an ES module in tsc's output, CommonJS in the bundle (scripts/bundle.config.mjs). */
const WORKER_FILE = new URL(import.meta.url.endsWith('.cjs') ? './distill-worker.cjs' : './distill-worker.js', import.meta.url);

/** A distiller thread, started ahead of its job; end() it when it is not given one. */
export class DistillWorker {
  private readonly queue: Array<WorkerMessage | { kind: 'ended' }> = [];
  private wake: (() => void) | undefined;
  private ended = false;

  private constructor(private readonly worker: Worker) {
    const push = (m: WorkerMessage | { kind: 'ended' }): void => {
      this.queue.push(m);
      this.wake?.();
    };
    worker.on('message', (m: WorkerMessage) => push(m));
    // An error (a crash, out of memory) or an exit: what it did not hand back is distilled here.
    worker.on('error', () => push({ kind: 'ended' }));
    worker.on('exit', () => push({ kind: 'ended' }));
  }

  /** Undefined on a machine with one core, or when no thread can be started. */
  static start(file: URL = WORKER_FILE): DistillWorker | undefined {
    if (availableParallelism() < 2) return undefined;
    try {
      // Its own heap, capped like the background distiller's.
      return new DistillWorker(new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: 128 } }));
    } catch {
      return undefined;
    }
  }

  /** Distills the segments there, handing each part to onPart in order; returns how many it handed back. */
  async run(segments: Segment[], context: ScreenContext, onPart: OnPart, prepare?: PrepareAhead): Promise<number> {
    let handed = 0;
    try {
      for (let from = 0; from < segments.length; ) {
        const size = from === 0 ? FIRST_SLICE : SLICE;
        const last = from + size >= segments.length;
        this.worker.postMessage({ kind: 'segments', segments: segments.slice(from, from + size), from, context, part: from === 0 ? FIRST_SLICE : PART, last, ...(prepare ? { prepare } : {}) } satisfies WorkerJob);
        from += size;
      }
      for (;;) {
        const m = await this.next();
        // Parts come in order; one out of order would mean a broken worker: stop taking them.
        if (m.kind !== 'part' || m.from !== handed) break;
        await onPart(m.results, m.prepared);
        handed += m.results.length;
      }
    } catch {
      // postMessage on a dead thread: the rest is distilled here.
    } finally {
      this.end();
    }
    return handed;
  }

  /**
   * Replays, segments and distills the log there (ReplayJob), handing each
   * part to onPart in order. `log` is undefined when the worker failed or
   * could not read the log: the caller replays it, and distills the
   * segments after the `handed` it was given. A failure of onPart (the
   * store's) is the caller's: it is thrown, not retried.
   */
  async replay(job: ReplayJob, onPart: OnPart): Promise<{ handed: number; log?: ReplayedLog }> {
    let handed = 0;
    try {
      const stored = new Int32Array(new SharedArrayBuffer(4));
      try {
        this.worker.postMessage({ ...job, stored: stored.buffer });
      } catch {
        return { handed };
      }
      const ctx = screenContext(job.context);
      for (;;) {
        const m = await this.next();
        if (m.kind === 'replayed') return { handed, log: m.log };
        if ((m.kind !== 'part' && m.kind !== 'raw') || m.from !== handed) return { handed };
        // The last part: the thread's work is done, and its heap (a long segment's lines, the screen
        // model) is let go before this one stores the part, not kept beside it (bench/biglog.mjs).
        if (m.log) this.end();
        if (m.kind === 'raw') {
          await onPart(
            m.segments.map((seg) => distillSegment(seg, ctx)),
            undefined,
            m.segments.map((seg) => screenText(seg)),
          );
          handed += m.segments.length;
        } else {
          await onPart(m.results, m.prepared, m.screen);
          handed += m.results.length;
        }
        if (m.log) return { handed, log: m.log };
        Atomics.add(stored, 0, 1);
      }
    } finally {
      this.end();
    }
  }

  /** Ends the thread; safe to call again (the last part ends it before its `finally` does). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    void this.worker.terminate();
  }

  private async next(): Promise<WorkerMessage | { kind: 'ended' }> {
    for (;;) {
      const m = this.queue.shift();
      if (m) return m;
      await new Promise<void>((r) => (this.wake = r));
      this.wake = undefined;
    }
  }
}

/**
 * Distills `segments` in order and hands their results to `onPart` a part
 * at a time, in order, each after the one before has been handled.
 * `worker`: one started ahead (ended here if the session is too short for
 * it), true to start one, false for none; by default one is started for
 * a long session. `prepare`: the worker also screens and embeds the
 * candidates (what is distilled here is prepared by the store as usual).
 */
export async function distillSegments(
  segments: Segment[],
  context: ScreenContext,
  onPart: OnPart,
  o: { worker?: DistillWorker | boolean; workerFile?: URL; prepare?: PrepareAhead } = {},
): Promise<{ byWorker: number }> {
  const long = segments.length >= WORKER_MIN_SEGMENTS;
  let worker: DistillWorker | undefined;
  if (o.worker instanceof DistillWorker) {
    if (long) worker = o.worker;
    else o.worker.end();
  } else if (o.worker ?? long) {
    worker = DistillWorker.start(o.workerFile);
  }
  const byWorker = worker ? await worker.run(segments, context, onPart, o.prepare) : 0;
  // In this thread: everything, or what a failed worker left.
  const ctx = screenContext(context);
  for (let from = byWorker; from < segments.length; from += PART) {
    await onPart(segments.slice(from, from + PART).map((s) => distillSegment(s, ctx)));
  }
  return { byWorker };
}
