import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, makeSandbox } from '../helpers/sandbox.js';
import { cm, listJson } from '../helpers/cli.js';

// The built modules: the worker thread runs dist/memory/distill-worker.js, which only the build makes.
const DIST = join(ROOT, 'dist');
const { distillSegments, DistillWorker, WORKER_MIN_SEGMENTS } = (await import(pathToFileURL(join(DIST, 'memory', 'parallel-distill.js')).href)) as typeof import('../../src/memory/parallel-distill.js');
const { replayCast, encodeEvent, encodeHeader } = (await import(pathToFileURL(join(DIST, 'pty', 'index.js')).href)) as typeof import('../../src/pty/index.js');
const { segmentSession } = (await import(pathToFileURL(join(DIST, 'segmenter', 'index.js')).href)) as typeof import('../../src/segmenter/index.js');
type Distilled = import('../../src/distill/index.js').Distilled;

const dir = mkdtempSync(join(tmpdir(), 'cm-distill-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A session log of `n` idle-separated stretches, each a question and a streamed answer, in both languages. */
function writeLog(path: string, n: number): void {
  const answers = [
    'The test command for this repo is `pytest -q`, run from the root.',
    '这个项目的日志统一使用 JSON 格式，字段名用 snake_case。',
    'We decided to add the index online; migrations/0042_orders.sql stays as it is.',
  ];
  let t = 0;
  const lines = [encodeHeader({ version: 2, width: 100, height: 30, timestamp: 1_700_000_000, command: 'claude' })];
  for (let i = 0; i < n; i++) {
    const q = `question ${i} about the build`;
    lines.push(encodeEvent({ t: (t += 1), code: 'i', data: `${q}\r` }), encodeEvent({ t: (t += 0.01), code: 'o', data: `> ${q}\r\n` }));
    const a = answers[i % answers.length] ?? '';
    for (let k = 0; k < a.length; k += 9) lines.push(encodeEvent({ t: (t += 0.02), code: 'o', data: a.slice(k, k + 9) }));
    lines.push(encodeEvent({ t: (t += 0.01), code: 'o', data: '\r\n' }));
    t += 400;
  }
  writeFileSync(path, lines.join(''));
}

async function segmentsOf(n: number) {
  const path = join(dir, `s${n}.cast`);
  writeLog(path, n);
  const cast = await replayCast(path);
  return segmentSession(cast.events, cast.lines, { idleSplitMinutes: 5, marker: '!记得' });
}

const context = { agent: 'claude', dir: '/p', sessionId: 's', logRef: 'sessions/s.cast', marker: '!记得' };

async function collect(segments: Awaited<ReturnType<typeof segmentsOf>>, o: Parameters<typeof distillSegments>[3]) {
  const got: Distilled[] = [];
  const parts: number[] = [];
  const r = await distillSegments(segments, context, async (results) => {
    parts.push(results.length);
    got.push(...results);
  }, o);
  return { got, parts, byWorker: r.byWorker };
}

describe('distilling in a worker thread', () => {
  it('gives the results of distilling here, in order, part by part', async () => {
    const segments = await segmentsOf(WORKER_MIN_SEGMENTS + 20);
    expect(segments.length).toBeGreaterThanOrEqual(WORKER_MIN_SEGMENTS);
    const here = await collect(segments, { worker: false });
    const there = await collect(segments, { worker: true });
    expect(there.byWorker).toBe(segments.length);
    expect(there.got).toEqual(here.got);
    expect(there.got.flatMap((d) => d.candidates).length).toBeGreaterThan(0);
    expect(there.parts.length).toBeGreaterThan(1);
    // Screened and embedded there too: each candidate as the store would prepare it.
    const { prepareCandidate, LEXICAL_EMBEDDER_ID, lexicalVector } = (await import(pathToFileURL(join(DIST, 'store', 'index.js')).href)) as typeof import('../../src/store/index.js');
    const prepared: unknown[] = [];
    const withPrep = await distillSegments(segments, context, async (results, p) => void prepared.push(...(p ?? [])), { worker: true, prepare: { triviaFilter: true, embedderId: LEXICAL_EMBEDDER_ID } });
    expect(withPrep.byWorker).toBe(segments.length);
    const lexical = { id: LEXICAL_EMBEDDER_ID, vector: lexicalVector };
    expect(prepared).toEqual(here.got.map((d) => d.candidates.map((c) => prepareCandidate(c, { triviaFilter: true }, lexical))));
    // Started ahead (as the pipeline does before the replay): the same.
    const ahead = await collect(segments, { worker: DistillWorker.start() });
    expect(ahead.byWorker).toBe(segments.length);
    expect(ahead.got).toEqual(here.got);
  });

  it('distills here what a worker that died did not hand back', async () => {
    const segments = await segmentsOf(40);
    // Hands back one part, then throws.
    const dying = join(dir, 'dying-worker.mjs');
    writeFileSync(
      dying,
      `import { parentPort } from 'node:worker_threads';
import { distillSegment } from ${JSON.stringify(pathToFileURL(join(DIST, 'distill', 'index.js')).href)};
import { screenContext } from ${JSON.stringify(pathToFileURL(join(DIST, 'memory', 'parallel-distill.js')).href)};
parentPort.once('message', (job) => {
  const ctx = screenContext(job.context);
  parentPort.postMessage({ kind: 'part', from: 0, results: job.segments.map((s) => distillSegment(s, ctx)) });
  throw new Error('the worker died');
});
`,
    );
    const here = await collect(segments, { worker: false });
    const there = await collect(segments, { worker: true, workerFile: pathToFileURL(dying) });
    expect(there.byWorker).toBeGreaterThan(0);
    expect(there.byWorker).toBeLessThan(segments.length);
    expect(there.got).toEqual(here.got);
    // A worker file that is not there: everything here.
    const missing = await collect(segments, { worker: true, workerFile: pathToFileURL(join(dir, 'no-such-worker.mjs')) });
    expect(missing.byWorker).toBe(0);
    expect(missing.got).toEqual(here.got);
  });

  it('through the built command: a long session is distilled with the worker, and nothing else runs in it', () => {
    const sb = makeSandbox('cm-distill-worker');
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    // Past the size that starts the worker ahead, and past WORKER_MIN_SEGMENTS.
    writeLog(join(sessions, 'long.cast'), 3400);
    expect(statSync(join(sessions, 'long.cast')).size).toBeGreaterThan(1024 * 1024);
    const r = cm(['distill', '--session', 'long'], { cwd: sb.project, env: sb.env });
    expect(r.status).toBe(0);
    // The bundle once ran the program again inside the worker thread (it printed the usage).
    expect(r.stderr).not.toMatch(/Usage:/);
    expect(r.stderr).toMatch(/processed 1 session/);
    const memories = listJson({ cwd: sb.project, env: sb.env });
    expect(memories.some((m) => m.text.includes('pytest -q'))).toBe(true);
    expect(memories.some((m) => m.text.includes('日志统一使用 JSON 格式'))).toBe(true);
  });
});
