import type { CastHeader } from '../pty/index.js';
import { clearSetAside, isLive, markDone } from '../pty/index.js';
import { clipWeighted, extractive, SUMMARIZER_INPUT_MAX } from '../distill/index.js';
import type { CandidateSink } from './candidate-sink.js';
import { screenContext, type ScreenContext } from './parallel-distill.js';
import type { Distillate, ProcessReport, SessionJob } from './session-job.js';

/**
 * The end of a session's processing: the candidates written, the
 * summarizer asked (a finished session), and the session marked processed
 * up to what was read.
 */
export async function finishSession(
  job: SessionJob,
  report: ProcessReport,
  sink: CandidateSink,
  out: Distillate,
  log: { header: CastHeader; completeBytes: number; lastT: number; processedT: number; screen: ScreenContext },
): Promise<ProcessReport> {
  const { stores, paths, sessionId, mode, summarizer } = job;
  let summary = out.summary;
  await sink.flush();
  // The local summarizer has nothing to add: its input is not even weighed (a one-hour log's: 0.1 s).
  if (mode === 'full' && out.condensed && summarizer !== extractive) {
    const reply = await summarizer.summarize(clipWeighted(out.condensed, SUMMARIZER_INPUT_MAX));
    if (reply?.summary) summary = reply.summary;
    // Its memories are candidates like the local ones: the same filters, redaction and dedup.
    const { agent, dir } = log.screen;
    const { sourceAt } = screenContext(log.screen);
    for (const m of reply?.memories ?? []) {
      const t = m.t ?? out.lastEnd ?? 0;
      sink.add({ type: m.type, text: m.text, dir: m.type === 'global' ? '' : dir, agent, sessionId, source: sourceAt(t), explicit: false });
    }
    await sink.flush();
  }
  const endedAt = mode === 'full' ? log.header.timestamp * 1000 + Math.round(log.lastT * 1000) : null;
  stores.sessions.markProcessed(sessionId, {
    offset: mode === 'full' ? log.completeBytes : 0,
    t: out.lastEnd ?? log.processedT,
    summary,
    endedAt,
  });
  if (mode === 'full' && !isLive(paths.sessionsDir, sessionId)) markDone(paths.sessionsDir, sessionId);
  clearSetAside(paths.sessionsDir, sessionId);
  return report;
}
