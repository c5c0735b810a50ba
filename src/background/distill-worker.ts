/**
 * The distiller's worker thread (parallel-distill.ts). Started ahead of its
 * job, it either takes the segments slice by slice (WorkerJob) or replays
 * the log itself (ReplayJob); it distills the segments in order and posts
 * their results a part at a time, so the first part can be written while
 * the rest is distilled.
 */
import { hasMarker } from '../text/markers.js';
import { parentPort } from 'node:worker_threads';
import { distillSegment, type DistillContext } from '../distill/index.js';
// Not the store barrel: the worker needs no SQLite.
import { prepareCandidate } from '../store/write-decision.js';
import { LEXICAL_EMBEDDER_ID, lexicalVector } from '../store/embed/lexical.js';
import { replayCast } from '../pty/replay.js';
import { SegmentStream, type Segment } from '../segmenter/index.js';
import { errorMessage } from '../errors.js';
import { screenText } from '../episodes/said.js';
import { PART, screenContext, type PrepareAhead, type ReplayJob, type ReplayedLog, type WorkerJob, type WorkerMessage } from './parallel-distill.js';

const LEXICAL = { id: LEXICAL_EMBEDDER_ID, vector: lexicalVector };

const post = (m: WorkerMessage): void => parentPort?.postMessage(m);

/**
 * How many parts the writing thread may still have to store when it is
 * handed a raw one. With none (only when it waited with every part
 * stored), it was most often storing the last part when the next was
 * ready, and then idled while this thread distilled that one: the distill
 * bench's log kept 1.74 cores busy of 2; with one, 1.81 (CPU time over
 * wall, bench/distill.mjs, four pairs). A raw part goes over only while
 * the queue there is this short, so raw parts never pile up there
 * (bench/biglog.mjs: a long log's memory).
 */
const RAW_BACKLOG = 1;

/**
 * Distills segments and posts them as one part, numbered from `from`; with
 * `withScreen`, their screen text too (for the episode index); with `log`,
 * the replay's end with it (the last part of a replay).
 */
function postPart(segments: Segment[], from: number, ctx: DistillContext, prepare: PrepareAhead | undefined, withScreen = false, log?: ReplayedLog): void {
  // Only the lexical vectors are computed here; for any other embedder the store prepares.
  const ahead = prepare?.embedderId === LEXICAL_EMBEDDER_ID ? prepare : undefined;
  const results = segments.map((s) => distillSegment(s, ctx));
  const prepared = ahead ? results.map((d) => d.candidates.map((c) => prepareCandidate(c, ahead, LEXICAL))) : undefined;
  const screen = withScreen ? segments.map(screenText) : undefined;
  post({ kind: 'part', from, results, ...(prepared ? { prepared } : {}), ...(screen ? { screen } : {}), ...(log ? { log } : {}) });
}

function segmentsJob({ segments, from, context, part, last, prepare }: WorkerJob): void {
  const ctx = screenContext(context);
  for (let i = 0; i < segments.length; i += part) postPart(segments.slice(i, i + part), from + i, ctx, prepare);
  if (last) post({ kind: 'done' });
}

async function replayJob(job: ReplayJob): Promise<void> {
  const ctx = screenContext(job.context);
  // How many parts the writing thread has stored (ReplayJob.stored), against how many were posted.
  const stored = job.stored ? new Int32Array(job.stored) : undefined;
  let posted = 0;
  const stream = new SegmentStream(job.segment);
  let from = 0;
  let lastEnd: number | undefined;
  const distill = (segments: Segment[], end?: Omit<ReplayedLog, 'lastEnd'>): void => {
    const todo = segments.filter((s) => s.end > job.processedT);
    for (const s of todo) lastEnd = Math.max(lastEnd ?? -Infinity, s.end);
    for (let i = 0; i < todo.length; i += PART) {
      const part = todo.slice(i, i + PART);
      const last = end && i + PART >= todo.length ? { ...end, lastEnd } : undefined;
      // The writing thread has at most RAW_BACKLOG parts left to store: it distills this part itself, after those.
      if (stored && Atomics.load(stored, 0) >= posted - RAW_BACKLOG) post({ kind: 'raw', from, segments: part, ...(last ? { log: last } : {}) });
      // The segments live only here: their screen text goes with them, for the episode index.
      else postPart(part, from, ctx, undefined, true, last);
      posted++;
      from += part.length;
    }
    if (end && todo.length === 0) post({ kind: 'replayed', log: { ...end, lastEnd } });
  };
  try {
    const r = await replayCast(job.path, {
      keep: (line) => hasMarker(line, job.segment.marker),
      sink: { event: (e) => stream.event(e), line: (l) => stream.line(l), settled: (w) => distill(stream.release(w)) },
    });
    // The last part carries the replay's end, so the caller can let this thread go before it stores that part.
    distill(stream.finish(), { completeBytes: r.completeBytes, lastT: r.lastT });
  } catch (err) {
    // The caller replays the log itself, and reports what is wrong with it.
    post({ kind: 'failed', message: errorMessage(err) });
  }
}

parentPort?.on('message', (job: WorkerJob | ReplayJob) => {
  if (job.kind === 'replay') void replayJob(job);
  else segmentsJob(job);
});
