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
import { isFirm } from './firm.js';
import { shareKind, valueKinds } from './value-kinds.js';
import { frameTerms, termCover } from '../episodes/rank.js';

/** How many of the first hits are weighed as statements of the asked thing. */
export const TOP = 5;
/** How close to the best share of the question a hit must come to be about the asked thing. */
export const COVER_TIE = 0.1;
/**
 * How much of the question a later statement must hold, against the first
 * one, to be of the same thing: a change often names its thing in fewer
 * words ("the staging build points at …" for "the staging profile sets
 * API_URL to …").
 */
export const SAME_THING = 0.5;

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

/**
 * A question about what happened ("when did …", "what was …", 当时, 之前) asks for an event or an earlier
 * value, not for what holds now: its answer is where the search put it, not the newest statement.
 */
const ASKS_PAST = /\b(?:did|was|were|had|used to|previously|originally|at first|back then|before that|last time|in the past)\b|当时|之前|以前|原来|原先|最早|第一次|上次|过吗|了吗/iu;

export function newestStatementFirst<T>(question: string, ranked: Array<Evidence<T>>, weight: (term: string) => number): Array<Evidence<T>> {
  const head = ranked.slice(0, TOP);
  if (head.length < 2 || ASKS_PAST.test(question)) return ranked;
  const terms = frameTerms(question);
  if (terms.length === 0) return ranked;
  // Each hit is judged by its sentence that holds most of the question: a turn or a long memory says several things.
  const read = head.map((e) => {
    const r = bestSentence(e.text, terms, weight);
    const kinds = valueKinds(r.sentence);
    return { e, ...r, kinds, statement: e.kind !== 'said' && kinds.size > 0 && isFirm(r.sentence) };
  });
  const best = Math.max(...read.map((r) => r.cover));
  if (best <= 0) return ranked;
  // The first statement that holds as much of the question as the best is of the asked thing; so is every
  // other that holds at least half as much of it and states a value of the same kind.
  const anchor = read.find((r) => r.statement && r.cover >= best - COVER_TIE);
  if (!anchor) return ranked;
  const group = read.filter((r) => r === anchor || (r.statement && r.cover >= SAME_THING * anchor.cover && shareKind(r.kinds, anchor.kinds)));
  // What ranked above the thing's first statement without stating a value of it follows the statements.
  const above = read.slice(0, read.indexOf(anchor)).filter((r) => !group.includes(r) && r.e.kind !== 'said' && r.cover >= best - COVER_TIE);
  if (group.length < 2 && above.length === 0) return ranked;
  const moved = [...group, ...above];
  const order = [...[...group].sort((a, b) => b.e.at - a.e.at), ...above];
  let next = 0;
  const reordered = read.map((r) => (moved.includes(r) ? (order[next++] as typeof r).e : r.e));
  return [...reordered, ...ranked.slice(TOP)];
}
