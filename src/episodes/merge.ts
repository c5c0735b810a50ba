/**
 * Memories and what was said, in one list (query's fall-through), pure.
 *
 * Each candidate is weighed on one scale, whatever its tier: how much of the
 * question it holds (termCover) plus how much of it sits next to a value
 * (frameCover), both with the episode index's term weights. A memory wins a
 * tie (MEMORY_EDGE): it was judged worth keeping. Where memories answer
 * weakly (they hold less of the question than a passage does) the passage
 * comes first, marked as said. Among candidates that answer alike, the newer
 * one comes first (W_RECENT over the candidates' own time span): a stale value
 * must not outrank the current one because the link between them was missed
 * when they were written.
 */
import { frameCover, frameTerms, termCover } from './rank.js';

export const MEMORY_EDGE = Number(process.env.CM_EDGE ?? 0.15);
export const W_RECENT_MERGED = Number(process.env.CM_REC ?? 0.25);

export interface Tiered<M, S> {
  kind: 'memory' | 'said';
  item: M | S;
  text: string;
  at: number;
  strength: number;
}

export function mergeTiers<M, S>(
  question: string,
  memories: Array<{ item: M; text: string; at: number }>,
  said: Array<{ item: S; text: string; at: number }>,
  weight: (term: string) => number,
  limit: number,
): Array<Tiered<M, S>> {
  const terms = frameTerms(question);
  const all = [
    ...memories.map((m) => ({ kind: 'memory' as const, ...m })),
    ...said.map((s) => ({ kind: 'said' as const, ...s })),
  ];
  if (all.length === 0) return [];
  const oldest = Math.min(...all.map((x) => x.at));
  const span = Math.max(...all.map((x) => x.at)) - oldest;
  const scored = all.map((x, i) => {
    const answer = termCover(x.text, terms, weight) + frameCover(x.text, terms, weight);
    const recent = span > 0 ? (x.at - oldest) / span : 0;
    return { ...x, i, strength: answer + W_RECENT_MERGED * recent + (x.kind === 'memory' ? MEMORY_EDGE : 0) };
  });
  // Ties keep the tiers' own order (memories as search ranked them, then passages).
  return scored.sort((a, b) => b.strength - a.strength || a.i - b.i).slice(0, limit).map(({ i: _i, ...x }) => x);
}
