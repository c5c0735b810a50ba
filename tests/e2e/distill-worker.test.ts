import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, makeSandbox } from '../helpers/sandbox.js';
import { cm, listJson } from '../helpers/cli.js';

// The built modules: the worker thread runs dist/background/distill-worker.js, which only the build makes.
const DIST = join(ROOT, 'dist');
const { distillSegments, DistillWorker, WORKER_MIN_SEGMENTS } = (await import(pathToFileURL(join(DIST, 'background', 'parallel-distill.js')).href)) as typeof import('../../src/background/parallel-distill.js');
const { replayCast, encodeEvent, encodeHeader } = (await import(pathToFileURL(join(DIST, 'pty', 'index.js')).href)) as typeof import('../../src/pty/index.js');
const { segmentSession } = (await import(pathToFileURL(join(DIST, 'segmenter', 'index.js')).href)) as typeof import('../../src/segmenter/index.js');
const { screenText } = (await import(pathToFileURL(join(DIST, 'episodes', 'said.js')).href)) as typeof import('../../src/episodes/said.js');
type Distilled = import('../../src/distill/index.js').Distilled;
type ScreenSegment = import('../../src/episodes/said.js').ScreenSegment;

const dir = mkdtempSync(join(tmpdir(), 'cm-distill-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A session log of `n` idle-separated stretches, each a question and a streamed answer, in both languages. */
function writeLog(path: string, n: number, distinct = false): void {
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
    // Distinct: some stretches (the last ones among them) establish something of their own, so their memories show.
    const a = distinct && (i % 25 === 0 || i >= n - 5) ? `We decided that service${i} listens on port ${20000 + i} and logs to /var/log/service${i}.log.` : (answers[i % answers.length] ?? '');
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
import { screenContext } from ${JSON.stringify(pathToFileURL(join(DIST, 'background', 'parallel-distill.js')).href)};
parentPort.once('message', (job) => {
  const ctx = screenContext(job.context);
  parentPort.postMessage({ kind: 'part', from: 0, results: job.segments.map((s) => distillSegment(s, ctx)) });
  // Dies once its part is on its way: a throw in the same tick can reach the parent before the message (a loaded CI run saw it).
  setTimeout(() => {
    throw new Error('the worker died');
  }, 200);
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

  it('replays the log there: the segments after the processed time, distilled in order, part by part, and what the session record needs', async () => {
    const path = join(dir, 'replayed.cast');
    writeLog(path, 120);
    const cast = await replayCast(path);
    const all = segmentSession(cast.events, cast.lines, { idleSplitMinutes: 5, marker: '!记得' });
    // As if the first 30 segments had been distilled before.
    const processedT = all[29]?.end ?? 0;
    const todo = all.filter((s) => s.end > processedT);
    const here = await collect(todo, { worker: false });
    const worker = DistillWorker.start();
    if (!worker) throw new Error('no worker thread');
    const got: Distilled[] = [];
    const screens: ScreenSegment[] = [];
    let parts = 0;
    const r = await worker.replay({ kind: 'replay', path, segment: { idleSplitMinutes: 5, marker: '!记得' }, processedT, context }, async (results, _prepared, screen) => {
      parts++;
      got.push(...results);
      screens.push(...(screen ?? []));
    });
    expect(got).toEqual(here.got);
    // Each segment's screen text, joined there, for the episode index.
    expect(screens).toEqual(todo.map(screenText));
    expect(r.handed).toBe(todo.length);
    expect(parts).toBeGreaterThan(1);
    expect(r.log).toEqual({ completeBytes: cast.completeBytes, lastT: cast.lastT, lastEnd: Math.max(...todo.map((s) => s.end)) });
  });

  it('a replaying worker that dies says so, with what it handed over', async () => {
    const path = join(dir, 'replay-dies.cast');
    writeLog(path, 40);
    const dying = join(dir, 'dying-replay-worker.mjs');
    writeFileSync(
      dying,
      `import { parentPort } from 'node:worker_threads';
parentPort.once('message', () => {
  parentPort.postMessage({ kind: 'part', from: 0, results: [] });
  throw new Error('the worker died');
});
`,
    );
    const worker = DistillWorker.start(pathToFileURL(dying));
    if (!worker) throw new Error('no worker thread');
    const r = await worker.replay({ kind: 'replay', path, segment: { idleSplitMinutes: 5, marker: '!记得' }, processedT: 0, context }, async () => undefined);
    expect(r).toEqual({ handed: 0 });
    // A log it cannot read: the same (the caller replays it, and reports why).
    const ok = DistillWorker.start();
    if (!ok) throw new Error('no worker thread');
    expect(await ok.replay({ kind: 'replay', path: join(dir, 'no-such.cast'), segment: { idleSplitMinutes: 5, marker: '!记得' }, processedT: 0, context }, async () => undefined)).toEqual({ handed: 0 });
  });

  it('through the built command: a long session replayed in the worker leaves the memories of one replayed here', () => {
    // The same log twice; the second names a transcript that is not there, so it is replayed here and its segments handed over.
    const body = join(dir, 'body.cast');
    writeLog(body, 3400, true);
    // Past the size that starts the worker ahead: the first distill replays there.
    expect(statSync(body).size).toBeGreaterThan(1024 * 1024);
    const [header, ...rest] = readFileSync(body, 'utf8').split('\n');
    const withRef = JSON.stringify({ ...JSON.parse(header ?? '{}'), 'x-claude-mem': { transcript: { kind: 'claude', id: 'gone', path: join(dir, 'gone.jsonl') } } });
    const memoriesOf = (head: string): { memories: Array<[string, string, string]>; said: string[]; passages: number } => {
      const sb = makeSandbox('cm-distill-streamed');
      const sessions = join(sb.project, '.claude-mem', 'sessions');
      mkdirSync(sessions, { recursive: true });
      writeFileSync(join(sessions, 'long.cast'), [head, ...rest].join('\n'));
      const r = cm(['distill', '--session', 'long'], { cwd: sb.project, env: sb.env });
      expect(r.status).toBe(0);
      const memories = listJson({ cwd: sb.project, env: sb.env })
        .map((m): [string, string, string] => [m.type, m.text, String(m.source)])
        .sort((a, b) => a.join().localeCompare(b.join()));
      // And what the screen said, in the episode index, whichever thread replayed it.
      const said = JSON.parse(cm(['query', 'pytest', '--episodes', '--json', '--limit', '50'], { cwd: sb.project, env: sb.env }).stdout) as Array<{ text: string; said_at: string }>;
      const { episodes } = JSON.parse(cm(['status', '--json'], { cwd: sb.project, env: sb.env }).stdout) as { episodes: { passages: number } };
      return { memories, said: said.map((x) => `${x.said_at} ${x.text}`).sort(), passages: episodes.passages };
    };
    const streamed = memoriesOf(header ?? '');
    expect(streamed.memories.length).toBeGreaterThan(2);
    expect(streamed.passages).toBeGreaterThan(0);
    expect(streamed.said.length).toBeGreaterThan(0);
    expect(memoriesOf(withRef)).toEqual(streamed);
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
