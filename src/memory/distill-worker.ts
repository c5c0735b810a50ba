/**
 * The distiller's worker thread (parallel-distill.ts). Started ahead of its
 * job, it takes the segments slice by slice, distills them in order and
 * posts their results a part at a time, so the first part can be written
 * while the rest is distilled.
 */
import { parentPort } from 'node:worker_threads';
import { distillSegment } from '../distill/index.js';
// Not the store barrel: the worker needs no SQLite.
import { prepareCandidate } from '../store/write-decision.js';
import { LEXICAL_EMBEDDER_ID, lexicalVector } from '../store/embed/lexical.js';
import { screenContext, type WorkerJob, type WorkerMessage } from './parallel-distill.js';

const LEXICAL = { id: LEXICAL_EMBEDDER_ID, vector: lexicalVector };

parentPort?.on('message', ({ segments, from, context, part, last, prepare }: WorkerJob) => {
  const ctx = screenContext(context);
  // Only the lexical vectors are computed here; for any other embedder the store prepares.
  const ahead = prepare?.embedderId === LEXICAL_EMBEDDER_ID ? prepare : undefined;
  for (let i = 0; i < segments.length; i += part) {
    const results = segments.slice(i, i + part).map((s) => distillSegment(s, ctx));
    const prepared = ahead ? results.map((d) => d.candidates.map((c) => prepareCandidate(c, ahead, LEXICAL))) : undefined;
    parentPort?.postMessage({ kind: 'part', from: from + i, results, ...(prepared ? { prepared } : {}) } satisfies WorkerMessage);
  }
  if (last) parentPort?.postMessage({ kind: 'done' } satisfies WorkerMessage);
});
