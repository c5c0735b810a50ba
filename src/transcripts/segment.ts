/**
 * A transcript as one session segment, so the same distiller reads it as
 * it reads a screen: the user's prompts, and the assistant's text as reply
 * lines. Times are seconds since the session log started. Pure.
 */
import type { Segment } from '../segmenter/index.js';
import type { Transcript } from './types.js';

export function transcriptSegment(t: Transcript, startMs: number, markers: string[]): Segment {
  const at = (ms: number): number => Math.max(0, (ms - startMs) / 1000);
  const turns = t.turns.map((turn) => ({
    t: at(turn.at),
    user: turn.user,
    uncertain: false,
    reply: turn.assistant.flatMap((a) => a.split('\n')).filter((l) => l.trim()),
  }));
  const times = turns.map((x) => x.t);
  return {
    start: times.length ? Math.min(...times) : 0,
    end: times.length ? Math.max(...times) : 0,
    lines: turns.flatMap((x) => x.reply.map((text) => ({ t: x.t, text }))),
    inputs: turns.filter((x) => x.user).map((x) => ({ t: x.t, text: x.user, uncertain: false })),
    turns,
    markers,
  };
}
