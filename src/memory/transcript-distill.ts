/**
 * Distilling a wrapped session from the CLI's own transcript instead of its
 * screen: the same distiller over clean text (prompts and replies), plus the
 * commands its shell tool ran. The screen still gives the markers (typed
 * keys are recorded either way). When the transcript is missing or holds
 * nothing, the caller falls back to the screen.
 */
import { classify, distillSegment, type DistillContext, type Distilled } from '../distill/index.js';
import type { Segment } from '../segmenter/index.js';
import type { Candidate } from '../text/index.js';
import { commandCandidates, readTranscript, transcriptSegment, type TranscriptRef } from '../transcripts/index.js';

export type FromTranscript =
  | { ok: true; path: string; distilled: Distilled; commands: Candidate[]; skipped: { malformed: number; unknown: number } }
  | { ok: false; reason: string };

export function distillTranscript(ref: TranscriptRef, castStartMs: number, screen: Segment[], ctx: DistillContext): FromTranscript {
  const read = readTranscript(ref);
  if (!read.ok) return read;
  const markers = [...new Set(screen.flatMap((s) => s.markers))];
  const seg = transcriptSegment(read.transcript, castStartMs, markers);
  const distilled = distillSegment(seg, ctx);
  const commands = commandCandidates(read.transcript.turns).map((c) => {
    const type = classify(c.text, 'assistant');
    return {
      type,
      text: c.text,
      dir: type === 'global' ? '' : ctx.dir,
      agent: ctx.agent,
      sessionId: ctx.sessionId,
      source: ctx.sourceAt(Math.max(0, (c.at - castStartMs) / 1000)),
      explicit: false,
    };
  });
  return { ok: true, path: read.path, distilled, commands, skipped: read.transcript.skipped };
}
