/**
 * The distiller's worker thread (parallel-distill.ts): distills the
 * segments it was given, in order, and posts their results a part at a
 * time, so the first part can be written while the rest is distilled.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { distillSegment } from '../distill/index.js';
import type { Segment } from '../segmenter/index.js';
import { screenContext, type ScreenContext, type WorkerMessage } from './parallel-distill.js';

const { segments, context, part } = workerData as { segments: Segment[]; context: ScreenContext; part: number };
const ctx = screenContext(context);
for (let from = 0; from < segments.length; from += part) {
  const results = segments.slice(from, from + part).map((s) => distillSegment(s, ctx));
  parentPort?.postMessage({ kind: 'part', from, results } satisfies WorkerMessage);
}
parentPort?.postMessage({ kind: 'done' } satisfies WorkerMessage);
