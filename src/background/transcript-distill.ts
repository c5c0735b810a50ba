/**
 * Distilling a wrapped session from the CLI's own transcript instead of its
 * screen: the same distiller over clean text (prompts and replies), plus the
 * commands its shell tool ran. The screen still gives the markers (typed
 * keys are recorded either way). When the transcript is missing or holds
 * nothing, the caller falls back to the screen.
 */
import { classify, distillSegment, type DistillContext, type Distilled } from '../distill/index.js';
import { markerText, type Segment } from '../segmenter/index.js';
import type { Candidate } from '../text/index.js';
import { commandCandidates, readTranscript, transcriptSegment, type Transcript, type TranscriptRef } from '../transcripts/index.js';

export type FromTranscript =
  | { ok: true; path: string; distilled: Distilled; commands: Candidate[]; skipped: { malformed: number; unknown: number }; transcript: Transcript }
  | { ok: false; reason: string };

/**
 * A parsed transcript to candidates: the distiller over its turns, plus the
 * commands its shell tool ran. `startMs` is the moment t=0 of the sources;
 * `dated` gives the commands the moment they ran as created_at (an import of
 * old sessions; a wrapped session's memories are created now).
 */
export function transcriptCandidates(
  transcript: Transcript,
  startMs: number,
  markers: string[],
  ctx: DistillContext,
  o: { dated?: boolean } = {},
): { distilled: Distilled; commands: Candidate[] } {
  const all = [...new Set([...markers, ...typedMarkers(transcript, ctx.marker)])];
  // A marker prompt is the marker's memory, not a request to distill again.
  const turns = transcript.turns.map((t) => (markerText(t.user, ctx.marker, true) === undefined ? t : { ...t, user: '' }));
  const distilled = distillSegment(transcriptSegment({ ...transcript, turns }, startMs, all), ctx);
  const commands = commandCandidates(transcript.turns).map((c): Candidate => {
    const type = classify(c.text, 'assistant');
    return {
      type,
      text: c.text,
      dir: type === 'global' ? '' : ctx.dir,
      agent: ctx.agent,
      sessionId: ctx.sessionId,
      source: ctx.sourceAt(Math.max(0, (c.at - startMs) / 1000)),
      explicit: false,
      ...(o.dated ? { createdAt: c.at } : {}),
    };
  });
  return { distilled, commands };
}

/**
 * Markers the transcript itself shows: a prompt that starts with one (a CLI
 * run without the wrapper sends it to the model), or a line Claude Code's
 * `!` shell mode took, its "!" gone with the mode.
 */
export function typedMarkers(t: Transcript, marker: string): string[] {
  const bare = marker.replace(/^!/, '');
  return [
    ...t.turns.map((turn) => markerText(turn.user, marker, true)),
    ...(t.shellInputs ?? []).map((line) => markerText(line, bare, true) ?? markerText(line, marker, true)),
  ].filter((m): m is string => m !== undefined);
}

export function distillTranscript(ref: TranscriptRef, castStartMs: number, screen: Segment[], ctx: DistillContext): FromTranscript {
  const read = readTranscript(ref);
  if (!read.ok) return read;
  const markers = [...new Set(screen.flatMap((s) => s.markers))];
  const { distilled, commands } = transcriptCandidates(read.transcript, castStartMs, markers, ctx);
  return { ok: true, path: read.path, distilled, commands, skipped: read.transcript.skipped, transcript: read.transcript };
}
