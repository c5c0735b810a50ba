/**
 * Memories and what was said, in one list (query's fall-through), pure.
 *
 * Each candidate is weighed on one scale, whatever its tier: how much of the
 * question it holds (termCover) plus how much of it sits next to a value
 * (frameCover), both with the episode index's term weights. A memory wins a
 * tie (MEMORY_EDGE): it was judged worth keeping. Where memories answer
 * weakly (they hold less of the question than a passage does) the passage
 * comes first, marked as said. Among candidates that state the question's
 * frame alike, memory or passage, the newest comes first (newestOfFrame): a
 * stale value must not outrank the current one because the link between
 * them was missed when they were written.
 *
 * BEAM's development split through the CLI (query --limit 3): MEMORY_EDGE
 * 0.15 23 at 1 / 39 in the top 3; 0.4 24 / 38; passages alone (−1) 22 / 32
 * before newestOfFrame; a time term in the score (0.25, 0.5) took 1–3 from
 * both. A memory's edge keeps the coding-session recall, where memories
 * are what answers.
 */
import { FRAME_TIE, frameCover, frameTerms, SCORE_TIE, termCover } from './rank.js';

export const MEMORY_EDGE = 0.15;
/** A memory that holds this share of the question's weight answers it: passages go after it unless they state a newer value. */
export const STRONG_COVER = 0.6;

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
  const weigh = <T>(kind: 'memory' | 'said', x: { item: T; text: string; at: number }) => {
    const frame = frameCover(x.text, terms, weight);
    const cover = termCover(x.text, terms, weight);
    return { kind, ...x, frame, cover, strength: cover + frame + (kind === 'memory' ? MEMORY_EDGE : 0) };
  };
  const ms = memories.map((m) => weigh('memory', m));
  const ss = said.map((s) => weigh('said', s));
  // Each tier keeps its own order (the hybrid search's for memories, rank.ts's for passages); the two are merged.
  const out: Array<Tiered<M, S>> = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < ms.length || j < ss.length)) {
    const m = ms[i];
    const p = ss[j];
    const passageFirst = !m || (p !== undefined && ((m.cover < STRONG_COVER && p.strength > m.strength) || states(p, m)));
    const next = passageFirst ? p : m;
    if (!next) break;
    if (passageFirst) j++;
    else i++;
    out.push({ kind: next.kind, item: next.item as M | S, text: next.text, at: next.at, strength: next.strength });
  }
  return out;
}

/** A newer passage that states the question's frame as fully as the memory and answers nearly as well (rank.ts's ties): the newer value. */
function states(p: { frame: number; strength: number; at: number }, m: { frame: number; strength: number; at: number }): boolean {
  return p.at > m.at && p.frame > 0 && p.frame >= m.frame - FRAME_TIE && p.strength >= SCORE_TIE * m.strength;
}

/**
 * Newest wins among hits of one subject: where two hits state values of the
 * same subject (its normalised key), the newer takes the place of the
 * first-ranked one, and the older follows. Order is otherwise kept. This
 * holds when the write-time link was missed (both still current).
 */
export function newestPerSubject<T>(hits: T[], keyOf: (h: T) => string | null, atOf: (h: T) => number): T[] {
  const bySubject = new Map<string, T[]>();
  for (const h of hits) {
    const k = keyOf(h);
    if (k) bySubject.set(k, [...(bySubject.get(k) ?? []), h]);
  }
  if ([...bySubject.values()].every((g) => g.length < 2)) return hits;
  const queues = new Map([...bySubject].map(([k, g]) => [k, [...g].sort((a, b) => atOf(b) - atOf(a))]));
  return hits.map((h) => {
    const k = keyOf(h);
    return k ? ((queues.get(k)?.shift() as T | undefined) ?? h) : h;
  });
}
