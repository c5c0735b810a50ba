import { hasMarker } from '../text/markers.js';
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { isShell } from '../agents.js';
import { readOwnOutput } from '../pty/own-output.js';
import type { Config, Paths } from '../config/index.js';
import { replayCast, readCastHeader, castPath, isLive, markDone, claimProcessing, CastFormatError, setAside, type CastHeader, type Replay } from '../pty/index.js';
import { segmentSession, type SegmentOptions } from '../segmenter/index.js';
import { distillSegment, markerCandidates, type Summarizer, extractive } from '../distill/index.js';
import { DistillWorker, EARLY_WORKER_BYTES, distillSegments, screenContext, type OnPart, type ReplayedLog, type ScreenContext } from './parallel-distill.js';
import type { SessionRecord, Stores } from '../store/index.js';
import { candidateSink, type CandidateSink } from './candidate-sink.js';
import { FatalError, errnoCode, errorMessage } from '../errors.js';
import { distillTranscript } from './transcript-distill.js';
import { asTranscriptRef } from '../transcripts/index.js';
import type { Distillate, ProcessMode, ProcessReport, SessionJob } from './session-job.js';
import { finishSession } from './finish-session.js';
import { saidOf, screenSaid, screenText, type ScreenSegment } from '../episodes/said.js';

export type { SkipReason } from './skip-reasons.js';
export type { ProcessMode, ProcessReport } from './session-job.js';

/**
 * Reads one session log and writes what it distills. Idempotent: segments
 * up to the recorded processed time are not distilled again, and exact
 * repeats are refused by the store's content hash.
 *
 * - full: the session is over; everything not yet distilled is.
 * - live: the session still runs; finished segments are distilled, the open one is left.
 * - markers: only the explicit markers, anywhere in the log.
 */
export async function processSession(
  stores: Stores,
  paths: Paths,
  config: Config,
  sessionId: string,
  mode: ProcessMode,
  summarizer: Summarizer = extractive,
): Promise<ProcessReport> {
  // Markers are idempotent by hash and must not wait; the rest is one process at a time.
  const release = mode === 'markers' ? () => undefined : claimProcessing(paths.sessionsDir, sessionId);
  if (!release) return { sessionId, written: 0, results: [], skipped: { kind: 'busy', detail: 'being processed by another claude-mem process' } };
  try {
    return await processClaimed(stores, paths, config, sessionId, mode, summarizer);
  } catch (err) {
    // The store's own failures (full disk, locked, damaged) concern every log: they stop the run.
    if (err instanceof FatalError) throw err;
    // Anything else is this log's: set it aside with the reason, and let the others go on.
    const detail = `${castPath(paths.sessionsDir, sessionId)}: ${errorMessage(err).split('\n')[0]}`;
    setAside(paths.sessionsDir, sessionId, detail);
    return { sessionId, written: 0, results: [], skipped: { kind: 'failed', detail } };
  } finally {
    release();
  }
}

async function processClaimed(
  stores: Stores,
  paths: Paths,
  config: Config,
  sessionId: string,
  mode: ProcessMode,
  summarizer: Summarizer,
): Promise<ProcessReport> {
  const logPath = castPath(paths.sessionsDir, sessionId);
  const report: ProcessReport = { sessionId, written: 0, results: [] };
  let size: number;
  try {
    size = statSync(logPath).size;
  } catch (err) {
    const detail = `cannot read ${logPath}: ${errorMessage(err)}`;
    setAside(paths.sessionsDir, sessionId, detail);
    return { ...report, skipped: { kind: 'unreadable', detail } };
  }
  const prior = stores.sessions.get(sessionId);
  if (mode === 'full' && prior && prior.processedOffset >= size) {
    if (!isLive(paths.sessionsDir, sessionId)) markDone(paths.sessionsDir, sessionId);
    return { ...report, skipped: { kind: 'already-processed', detail: 'already processed' } };
  }
  // A long log's distiller thread starts now, so its start-up overlaps the replay.
  const early = mode !== 'markers' && size - (prior?.processedOffset ?? 0) >= EARLY_WORKER_BYTES ? DistillWorker.start() : undefined;
  try {
    return await processReplayed({ stores, paths, config, sessionId, mode, summarizer }, report, logPath, early);
  } finally {
    // Ended here unless the distill took it (ending twice is harmless).
    early?.end();
  }
}

/** A replay's failure, reported: a damaged or unreadable log is set aside with the reason; anything else is thrown. */
function replayFailed(err: unknown, job: SessionJob, report: ProcessReport, logPath: string): ProcessReport {
  const { paths, sessionId } = job;
  if (err instanceof CastFormatError) {
    const detail = `${logPath}: ${err.message}`;
    setAside(paths.sessionsDir, sessionId, detail);
    return { ...report, skipped: { kind: 'bad-format', detail } };
  }
  if (errnoCode(err)) {
    const detail = `cannot read ${logPath}: ${errorMessage(err)}`;
    setAside(paths.sessionsDir, sessionId, detail);
    return { ...report, skipped: { kind: 'unreadable', detail } };
  }
  throw err;
}

/** The session's row, from the log's header. */
function sessionOf(job: SessionJob, header: CastHeader, logPath: string): { session: SessionRecord; agent: string; meta: CastHeader['x-claude-mem'] } {
  const meta = header['x-claude-mem'];
  const agent = meta?.agent ?? (header.command ?? 'unknown').split(' ')[0] ?? 'unknown';
  const session = job.stores.sessions.upsert({
    id: job.sessionId,
    agent,
    command: header.command ?? '',
    dir: job.paths.projectRoot,
    startedAt: header.timestamp * 1000,
    endedAt: null,
    logPath,
  });
  return { session, agent, meta };
}

/** How the session's log is segmented, and what its distilled candidates are told (their agent, directory, source). */
function contextsOf(job: SessionJob, agent: string, logPath: string): { screen: ScreenContext; segment: SegmentOptions } {
  const { paths, config, sessionId } = job;
  const marker = config.watch.prompt_marker;
  return {
    screen: { agent, dir: paths.projectRoot, sessionId, logRef: relative(paths.projectDataDir, logPath), marker },
    segment: { idleSplitMinutes: config.watch.idle_split_minutes, marker, own: readOwnOutput(paths.sessionsDir, sessionId), shell: isShell(agent) },
  };
}

/** Distills the results of a part into the sink, and what they leave for the end. */
function partTaker(sink: CandidateSink, out: Distillate, parts: string[], onScreen?: (screen: ScreenSegment[]) => void): OnPart {
  return async (results, prepared, screen) => {
    if (screen) onScreen?.(screen);
    results.forEach((d, i) => {
      d.candidates.forEach((c, j) => sink.add(c, prepared?.[i]?.[j]));
      if (d.summary) out.summary = d.summary;
      if (d.condensed) parts.push(d.condensed);
    });
    // Written while the next part is distilled, where the stores take parts.
    await sink.part();
  };
}

/**
 * A long finished session with no transcript of its own, with a worker
 * thread at hand: the worker replays it (ReplayJob), so its first segments
 * are written while the rest is still read. Undefined when the log is not
 * one for this path (the caller replays it here).
 */
async function processStreamed(job: SessionJob, report: ProcessReport, logPath: string, worker: DistillWorker): Promise<ProcessReport | undefined> {
  const { stores } = job;
  let header: CastHeader;
  try {
    header = readCastHeader(logPath);
  } catch {
    return undefined;
  }
  // A session with the CLI's own transcript is distilled from that, beside the screen's segments.
  if (asTranscriptRef(header['x-claude-mem']?.transcript)) return undefined;
  const { session, agent } = sessionOf(job, header, logPath);
  stores.archiveCold();
  const { screen, segment } = contextsOf(job, agent, logPath);
  const sink = candidateSink(stores, report);
  const out: Distillate = { summary: undefined, condensed: '', lastEnd: undefined };
  const parts: string[] = [];
  // What was said goes into the episode index part by part, as the worker (or the replay here) hands the
  // segments over: kept to the end, a long session's whole screen text was held twice (bench/biglog.mjs).
  // A session set aside later keeps the passages it had: adding them again adds nothing (episodes are unique by place).
  const place = { sessionId: job.sessionId, agent, dir: job.paths.projectRoot, source: screen.logRef };
  const said = (segs: ScreenSegment[]): void => {
    if (job.config.episodes.enabled) stores.project.addEpisodes(screenSaid(segs, header.timestamp * 1000, place));
  };
  const take = partTaker(sink, out, parts, said);
  try {
    const { handed, log } = await worker.replay({ kind: 'replay', path: logPath, segment, processedT: session.processedT, context: screen }, take);
    // The worker failed: the log is replayed here, and what it did not hand over distilled here.
    const done = log ?? (await replayRest(job, report, logPath, { segment, processedT: session.processedT, handed, screen, take, said }));
    if (!('completeBytes' in done)) {
      sink.abort();
      return done;
    }
    out.condensed = parts.join('\n');
    out.lastEnd = done.lastEnd;
    return await finishSession(job, report, sink, out, { header, completeBytes: done.completeBytes, lastT: done.lastT, processedT: session.processedT, screen });
  } catch (err) {
    sink.abort();
    throw err;
  }
}

/** After a worker's failed replay: the log replayed here, its segments after the `handed` first distilled here; a damaged log reported. */
async function replayRest(
  job: SessionJob,
  report: ProcessReport,
  logPath: string,
  o: { segment: SegmentOptions; processedT: number; handed: number; screen: ScreenContext; take: OnPart; said: (segs: ScreenSegment[]) => void },
): Promise<ReplayedLog | ProcessReport> {
  let cast: Replay;
  try {
    cast = await replayCast(logPath, { keep: (line) => hasMarker(line, o.segment.marker) });
  } catch (err) {
    return replayFailed(err, job, report, logPath);
  }
  const todo = segmentSession(cast.events, cast.lines, o.segment).filter((s) => s.end > o.processedT);
  o.said(todo.slice(o.handed).map(screenText));
  await distillSegments(todo.slice(o.handed), o.screen, o.take, { worker: false });
  return { completeBytes: cast.completeBytes, lastT: cast.lastT, lastEnd: todo.length ? Math.max(...todo.map((s) => s.end)) : undefined };
}

/** The replay and everything after it; `early`: a distiller thread started ahead, or none. */
async function processReplayed(job: SessionJob, report: ProcessReport, logPath: string, early: DistillWorker | undefined): Promise<ProcessReport> {
  const { stores, paths, config, sessionId, mode } = job;
  if (early && mode === 'full') {
    const streamed = await processStreamed(job, report, logPath, early);
    if (streamed) return streamed;
  }
  // Streamed through the screen model: memory follows the screen, not the log.
  let cast: Replay;
  try {
    cast = await replayCast(logPath, { keep: (line) => hasMarker(line, config.watch.prompt_marker) });
  } catch (err) {
    return replayFailed(err, job, report, logPath);
  }
  const { session, agent, meta } = sessionOf(job, cast.header, logPath);
  if (mode === 'full' && session.processedOffset >= cast.completeBytes) {
    if (!isLive(paths.sessionsDir, sessionId)) markDone(paths.sessionsDir, sessionId);
    return { ...report, skipped: { kind: 'already-processed', detail: 'already processed' } };
  }

  stores.archiveCold();
  const { screen, segment } = contextsOf(job, agent, logPath);
  const segments = segmentSession(cast.events, cast.lines, segment);
  const ctx = screenContext(screen);
  const sink = candidateSink(stores, report);
  const { add, flush } = sink;
  // An open batch must not outlive a failure: the connection serves the next session too.
  try {
    if (mode === 'markers') {
      for (const seg of segments) for (const c of markerCandidates(seg, ctx)) add(c);
      await flush();
      return report;
    }

    const todo = segments.filter((s) => s.end > session.processedT);
    const closed = mode === 'live' ? todo.slice(0, -1) : todo;
    const out: Distillate = { summary: undefined, condensed: '', lastEnd: closed.length ? Math.max(...closed.map((s) => s.end)) : undefined };
    // The CLI's own transcript, where run fixed one, is the cleaner copy of a finished session.
    const ref = asTranscriptRef(meta?.transcript);
    // Read even when the screen gave no segment: a session of tool calls and short replies may show nothing worth a turn.
    const fromTranscript = mode === 'full' && ref ? distillTranscript(ref, cast.header.timestamp * 1000, closed, ctx) : undefined;
    if (fromTranscript) report.transcript = fromTranscript.ok ? { used: true, detail: fromTranscript.path, skipped: fromTranscript.skipped } : { used: false, detail: fromTranscript.reason };
    if (fromTranscript?.ok) {
      for (const c of [...fromTranscript.distilled.candidates, ...fromTranscript.commands]) add(c);
      out.summary = fromTranscript.distilled.summary || undefined;
      out.condensed = fromTranscript.distilled.condensed;
    } else {
      // Joined once at the end: appended segment by segment, a long session copied it quadratically (3 s of a one-hour log).
      const parts: string[] = [];
      // Where the stores take parts, the worker also screens and embeds their candidates.
      await distillSegments(closed, screen, partTaker(sink, out, parts), { worker: early, prepare: stores.preparation() });
      out.condensed = parts.join('\n');
    }
    // The open segment's markers are stored at once, even while it runs, and
    // its new material (entities, requests) is folded into the running summary.
    if (mode === 'live') {
      for (const seg of todo.slice(-1)) {
        for (const c of markerCandidates(seg, ctx)) add(c);
        const running = distillSegment(seg, ctx).summary;
        if (running) out.summary = running;
      }
    }
    // What was said goes into the episode index, whatever the distiller kept: the transcript's messages, or the screen's segments.
    const place = { sessionId, agent, dir: paths.projectRoot, source: screen.logRef };
    if (config.episodes.enabled) stores.project.addEpisodes(fromTranscript?.ok ? saidOf(fromTranscript.transcript.turns, 0, place) : screenSaid(closed.map(screenText), cast.header.timestamp * 1000, place));
    return await finishSession(job, report, sink, out, { header: cast.header, completeBytes: cast.completeBytes, lastT: cast.lastT, processedT: session.processedT, screen });
  } catch (err) {
    sink.abort();
    throw err;
  }
}
