/**
 * One timeline per thing, at read time. A question asks for one thing; the
 * evidence a search brings back for it is memories and passages of what was
 * said alike. Of the evidence near the top that states a value of what is
 * asked as fully as the best of it does (the same share of the question's
 * weighted terms), the newest firm statement answers and the older ones
 * follow as its history, whichever is a memory and whichever a passage.
 *
 * Only the order of the first TOP items changes: nothing new enters them, so
 * what a search finds is what it found before; which of it comes first is
 * decided by time among statements of the thing. Pure, tested with values.
 */
import { isFirm, statesAValue } from './firm.js';
import { frameTerms, termCover } from '../episodes/rank.js';

/** How many of the first hits are weighed as statements of the asked thing. */
export const TOP = 5;
/** How close to the best share of the question a hit must come to state the same thing. */
export const COVER_TIE = 0.1;

export interface Evidence<T> {
  item: T;
  text: string;
  /** When it was said (a memory: when it was stated). */
  at: number;
  /**
   * A passage of what was said keeps the place the passage ranking gave it
   * (episodes/rank.ts orders the statements among passages); memories, each
   * a statement distilled on its own, are put in time order here.
   */
  kind?: 'memory' | 'said';
}

/** A text's sentences (and lines: a screen passage holds a prompt line per turn). */
const SENTENCE_END = /(?<=[.!?。！？；;])\s+|(?<=[。！？；])|\n+/u;

function bestSentence(text: string, terms: string[], weight: (term: string) => number): { sentence: string; cover: number } {
  let out = { sentence: '', cover: 0 };
  for (const sentence of text.split(SENTENCE_END)) {
    const cover = termCover(sentence, terms, weight);
    if (cover > out.cover) out = { sentence, cover };
  }
  return out;
}

export function newestStatementFirst<T>(question: string, ranked: Array<Evidence<T>>, weight: (term: string) => number): Array<Evidence<T>> {
  const head = ranked.slice(0, TOP);
  if (head.length < 2) return ranked;
  const terms = frameTerms(question);
  if (terms.length === 0) return ranked;
  // Each hit is judged by its sentence that holds most of the question: a turn or a long memory says several things.
  const read = head.map((e) => bestSentence(e.text, terms, weight));
  const best = Math.max(...read.map((r) => r.cover));
  if (best <= 0) return ranked;
  // The hits that hold as much of the question as the best: they are about the asked thing.
  const tied = head.filter((e, i) => e.kind !== 'said' && (read[i]?.cover ?? 0) >= best - COVER_TIE);
  const statements = tied.filter((e) => {
    const r = read[head.indexOf(e)];
    return r !== undefined && statesAValue(r.sentence) && isFirm(r.sentence, e.text);
  });
  if (statements.length === 0 || (statements.length === 1 && tied[0] === statements[0])) return ranked;
  // The tied hits keep the places they held: their statements first, newest first, then the rest of them as they were.
  const byTime = [...[...statements].sort((a, b) => b.at - a.at), ...tied.filter((e) => !statements.includes(e))];
  let next = 0;
  const reordered = head.map((e) => (tied.includes(e) ? (byTime[next++] as Evidence<T>) : e));
  return [...reordered, ...ranked.slice(TOP)];
}
