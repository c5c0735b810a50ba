import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { distillSegment, type DistillContext, type Distilled } from '../distill/index.js';
import type { Segment } from '../segmenter/index.js';

/**
 * Distilling a long session beside its writing. The distiller is pure and
 * the store's writes are sequential, so on a machine with a second core a
 * worker thread distills the segments while this thread writes the
 * candidates of the ones before: a one-hour log's 1.3 s of distilling is
 * then hidden behind its 1.7 s of writes. The results, and their order,
 * are the same as distilling in this thread; a session too short to pay
 * for a worker (~60 ms to start), a machine with one core, or a worker
 * that fails, distills here.
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

export type WorkerMessage = { kind: 'part'; from: number; results: Distilled[] } | { kind: 'done' };

export function screenContext(c: ScreenContext): DistillContext {
  return { agent: c.agent, dir: c.dir, sessionId: c.sessionId, marker: c.marker, sourceAt: (t) => `${c.logRef}#t=${t.toFixed(1)}` };
}

/** Fewer segments than this distill in this thread. */
export const WORKER_MIN_SEGMENTS = 64;
/** Segments per part handed back. */
const PART = 16;

/**
 * Distills `segments` in order and hands their results to `onPart` a part
 * at a time, in order, each after the one before has been handled.
 */
export async function distillSegments(
  segments: Segment[],
  context: ScreenContext,
  onPart: (results: Distilled[]) => Promise<void>,
  o: { worker?: boolean; workerFile?: URL } = {},
): Promise<{ byWorker: number }> {
  const useWorker = o.worker ?? (segments.length >= WORKER_MIN_SEGMENTS && availableParallelism() > 1);
  const byWorker = useWorker ? await viaWorker(o.workerFile ?? WORKER_FILE, segments, context, onPart) : 0;
  // In this thread: everything, or what a failed worker left.
  const ctx = screenContext(context);
  for (let from = byWorker; from < segments.length; from += PART) {
    await onPart(segments.slice(from, from + PART).map((s) => distillSegment(s, ctx)));
  }
  return { byWorker };
}

/** Beside this module, in tsc's output and in the bundle alike (scripts/bundle.config.mjs). */
const WORKER_FILE = new URL('./distill-worker.js', import.meta.url);

/** Runs the worker; returns how many segments it handed back (all of them, unless it failed). */
async function viaWorker(file: URL, segments: Segment[], context: ScreenContext, onPart: (results: Distilled[]) => Promise<void>): Promise<number> {
  let worker: Worker;
  try {
    worker = new Worker(file, {
      workerData: { segments, context, part: PART },
      // Its own heap, capped like the background distiller's.
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
  } catch {
    return 0;
  }
  const queue: Array<WorkerMessage | { kind: 'ended' }> = [];
  let wake: (() => void) | undefined;
  const push = (m: WorkerMessage | { kind: 'ended' }): void => {
    queue.push(m);
    wake?.();
  };
  worker.on('message', (m: WorkerMessage) => push(m));
  // An error (a crash, out of memory) or an exit: what it did not hand back is distilled here.
  worker.on('error', () => push({ kind: 'ended' }));
  worker.on('exit', () => push({ kind: 'ended' }));
  const nextMessage = async (): Promise<WorkerMessage | { kind: 'ended' }> => {
    for (;;) {
      const m = queue.shift();
      if (m) return m;
      await new Promise<void>((r) => (wake = r));
      wake = undefined;
    }
  };
  let handed = 0;
  try {
    for (;;) {
      const m = await nextMessage();
      // Parts come in order; one out of order would mean a broken worker: stop taking them.
      if (m.kind !== 'part' || m.from !== handed) break;
      await onPart(m.results);
      handed += m.results.length;
    }
  } finally {
    void worker.terminate();
  }
  return handed;
}
