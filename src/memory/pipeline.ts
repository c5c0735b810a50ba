import { statSync } from 'node:fs';
import { relative } from 'node:path';
import type { Config, Paths } from '../config/index.js';
import { replayCast, castPath, isLive, markDone, claimProcessing, CastFormatError, setAside, clearSetAside, type Replay } from '../pty/index.js';
import { segmentSession } from '../segmenter/index.js';
import { distillSegment, markerCandidates, dropRepeats, RepeatFilter, clipWeighted, SUMMARIZER_INPUT_MAX, type Summarizer, extractive } from '../distill/index.js';
import { DistillWorker, EARLY_WORKER_BYTES, distillSegments, screenContext, type ScreenContext } from './parallel-distill.js';
import type { Candidate, PreparedCandidate, Stores, WriteResult } from '../store/index.js';
import { changesMemory } from '../store/apply-write.js';
import { FatalError, errnoCode, errorMessage } from '../errors.js';

export type ProcessMode = 'full' | 'markers' | 'live';

/** The end of the last distilled segment: the moment for a summarizer memory that names none. */
function lastT(segments: Array<{ end: number }>): number {
  return segments.length ? Math.max(...segments.map((s) => s.end)) : 0;
}


import type { SkipReason } from './skip-reasons.js';
import { distillTranscript } from './transcript-distill.js';
import { asTranscriptRef } from '../transcripts/index.js';

export type { SkipReason } from './skip-reasons.js';

export interface ProcessReport {
  sessionId: string;
  /** Whether the CLI's own transcript was read (and if not, why: the screen was used instead). */
  transcript?: { used: boolean; detail: string; skipped?: { malformed: number; unknown: number } };
  skipped?: SkipReason;
  written: number;
  results: WriteResult[];
}

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

/** What processing one session is given. */
interface SessionJob {
  stores: Stores;
  paths: Paths;
  config: Config;
  sessionId: string;
  mode: ProcessMode;
  summarizer: Summarizer;
}

/** The replay and everything after it; `early`: a distiller thread started ahead, or none. */
async function processReplayed(job: SessionJob, report: ProcessReport, logPath: string, early: DistillWorker | undefined): Promise<ProcessReport> {
  const { stores, paths, config, sessionId, mode, summarizer } = job;
  // Streamed through the screen model: memory follows the screen, not the log.
  let cast: Replay;
  try {
    cast = await replayCast(logPath, { keep: (line) => line.includes(config.watch.prompt_marker) });
  } catch (err) {
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
  const meta = cast.header['x-claude-mem'];
  const agent = meta?.agent ?? (cast.header.command ?? 'unknown').split(' ')[0] ?? 'unknown';
  const session = stores.sessions.upsert({
    id: sessionId,
    agent,
    command: cast.header.command ?? '',
    dir: paths.projectRoot,
    startedAt: cast.header.timestamp * 1000,
    endedAt: null,
    logPath,
  });
  if (mode === 'full' && session.processedOffset >= cast.completeBytes) {
    if (!isLive(paths.sessionsDir, sessionId)) markDone(paths.sessionsDir, sessionId);
    return { ...report, skipped: { kind: 'already-processed', detail: 'already processed' } };
  }

  stores.archiveCold();
  const segments = segmentSession(cast.events, cast.lines, {
    idleSplitMinutes: config.watch.idle_split_minutes,
    marker: config.watch.prompt_marker,
  });
  const screen: ScreenContext = { agent, dir: paths.projectRoot, sessionId, logRef: relative(paths.projectDataDir, logPath), marker: config.watch.prompt_marker };
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
    let summary: string | undefined;
    let condensed = '';
    // The CLI's own transcript, where run fixed one, is the cleaner copy of a finished session.
    const ref = asTranscriptRef(meta?.transcript);
    // Read even when the screen gave no segment: a session of tool calls and short replies may show nothing worth a turn.
    const fromTranscript = mode === 'full' && ref ? distillTranscript(ref, cast.header.timestamp * 1000, closed, ctx) : undefined;
    if (fromTranscript) report.transcript = fromTranscript.ok ? { used: true, detail: fromTranscript.path, skipped: fromTranscript.skipped } : { used: false, detail: fromTranscript.reason };
    if (fromTranscript?.ok) {
      for (const c of [...fromTranscript.distilled.candidates, ...fromTranscript.commands]) add(c);
      summary = fromTranscript.distilled.summary || summary;
      condensed = fromTranscript.distilled.condensed;
    } else {
      // Joined once at the end: appended segment by segment, a long session copied it quadratically (3 s of a one-hour log).
      const parts: string[] = [];
      await distillSegments(
        closed,
        screen,
        async (results, prepared) => {
          results.forEach((d, i) => {
            d.candidates.forEach((c, j) => add(c, prepared?.[i]?.[j]));
            if (d.summary) summary = d.summary;
            if (d.condensed) parts.push(d.condensed);
          });
          // Written while the next part is distilled, where the stores take parts.
          await sink.part();
        },
        // Where the stores take parts, the worker also screens and embeds their candidates.
        { worker: early, prepare: stores.preparation() },
      );
      condensed = parts.join('\n');
    }
    // The open segment's markers are stored at once, even while it runs, and
    // its new material (entities, requests) is folded into the running summary.
    if (mode === 'live') {
      for (const seg of todo.slice(-1)) {
        for (const c of markerCandidates(seg, ctx)) add(c);
        const running = distillSegment(seg, ctx).summary;
        if (running) summary = running;
      }
    }

    await flush();
    if (mode === 'full' && condensed) {
      const reply = await summarizer.summarize(clipWeighted(condensed, SUMMARIZER_INPUT_MAX));
      if (reply?.summary) summary = reply.summary;
      // Its memories are candidates like the local ones: the same filters, redaction and dedup.
      for (const m of reply?.memories ?? []) {
        const t = m.t ?? lastT(closed);
        add({ type: m.type, text: m.text, dir: m.type === 'global' ? '' : ctx.dir, agent, sessionId, source: ctx.sourceAt(t), explicit: false });
      }
      await flush();
    }
    const lastEnd = closed.length ? Math.max(...closed.map((s) => s.end)) : session.processedT;
    const endedAt = mode === 'full' ? cast.header.timestamp * 1000 + Math.round(cast.lastT * 1000) : null;
    stores.sessions.markProcessed(sessionId, {
      offset: mode === 'full' ? cast.completeBytes : 0,
      t: lastEnd,
      summary,
      endedAt,
    });
    if (mode === 'full' && !isLive(paths.sessionsDir, sessionId)) markDone(paths.sessionsDir, sessionId);
    clearSetAside(paths.sessionsDir, sessionId);
    return report;
  } catch (err) {
    sink.abort();
    throw err;
  }
}

/**
 * Where a session's candidates go: exact repeats across segments dropped,
 * then near repeats (dropRepeats), then the stores, in one batch per flush.
 * With an inline embedder the batch is written part by part as the
 * distiller hands them over (Stores.openBatch); otherwise it is collected
 * and written at the flush, one embedding call and one transaction per store.
 */
function candidateSink(stores: Stores, report: ProcessReport): { add: (c: Candidate, prepared?: PreparedCandidate) => void; part: () => Promise<void>; flush: () => Promise<void>; abort: () => void } {
  const seen = new Set<string>();
  let pending: Array<{ c: Candidate; prepared?: PreparedCandidate }> = [];
  let repeats = new RepeatFilter();
  let batch = stores.openBatch();
  const record = (rs: WriteResult[]): void => {
    for (const r of rs) {
      report.results.push(r);
      if (changesMemory(r)) report.written++;
    }
  };
  const part = async (): Promise<void> => {
    if (!batch) return;
    const kept = pending.filter((x) => repeats.keep(x.c));
    pending = [];
    if (kept.length)
      record(
        await batch.add(
          kept.map((x) => x.c),
          kept.map((x) => x.prepared),
        ),
      );
  };
  return {
    add: (c, prepared) => {
      const key = `${c.type}\u0000${c.text.replace(/\s+/g, ' ').trim().toLowerCase()}`;
      if (seen.has(key)) return;
      seen.add(key);
      pending.push(prepared ? { c, prepared } : { c });
    },
    part,
    flush: async () => {
      if (batch) {
        await part();
        batch.commit();
        batch = stores.openBatch();
        repeats = new RepeatFilter();
        return;
      }
      const all = pending.map((x) => x.c);
      pending = [];
      record(await stores.writeMany(dropRepeats(all)));
    },
    abort: () => batch?.abort(),
  };
}

