/**
 * A transcript's turns as what was said: one entry per user message and per
 * assistant reply, placed by their index in the whole transcript (so a
 * re-import or a second pass over a growing transcript adds nothing twice).
 */
import type { Said } from '../store/episodes.js';
import type { TranscriptTurn } from '../transcripts/types.js';

/**
 * What the episode index needs of a segment: when it started, and its lines
 * joined. Joined where the segment is made (a worker, before it posts), so a
 * long segment crosses threads and waits for the index as one string, not
 * as an object per line (a 300 MB log's one segment: 160k lines, 24 MB).
 */
export interface ScreenSegment {
  start: number;
  text: string;
}

/** A segment's screen text, as the episode index takes it. */
export function screenText(seg: { start: number; lines: ReadonlyArray<{ text: string }> }): ScreenSegment {
  return { start: seg.start, text: seg.lines.map((l) => l.text).join('\n') };
}

export function saidOf(turns: TranscriptTurn[], firstIndex: number, o: { sessionId: string; agent: string; dir: string; source?: string }): Said[] {
  const out: Said[] = [];
  turns.forEach((t, i) => {
    const base = { sessionId: o.sessionId, agent: o.agent, dir: o.dir, ...(o.source ? { source: o.source } : {}) };
    const position = 2 * (firstIndex + i);
    if (t.user.trim()) out.push({ ...base, at: t.at, role: 'user', position, text: t.user });
    const reply = t.assistant.join('\n\n');
    // The reply comes after its prompt: a moment later, so "newest" orders them.
    if (reply.trim()) out.push({ ...base, at: t.at + 1, role: 'assistant', position: position + 1, text: reply });
  });
  return out;
}

/**
 * A wrapped session's screen, where no transcript tells it: one entry per
 * segment (what the CLI showed, claude-mem's own block already removed),
 * placed by the segment's start, at the moment it started.
 */
export function screenSaid(segments: ScreenSegment[], startMs: number, o: { sessionId: string; agent: string; dir: string; source?: string }): Said[] {
  return segments
    .map((seg): Said => ({
      sessionId: o.sessionId,
      agent: o.agent,
      dir: o.dir,
      ...(o.source ? { source: `${o.source}#t=${seg.start.toFixed(1)}` } : {}),
      at: startMs + Math.round(seg.start * 1000),
      role: 'screen',
      position: Math.round(seg.start * 1000),
      text: seg.text,
    }))
    .filter((s) => s.text.trim() !== '');
}
