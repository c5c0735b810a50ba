/**
 * Ranking what was said (the episode index), pure so it is tested with
 * values. FTS5's bm25 finds the passages that share the question's words;
 * two things then tell the passage that answers from one that only talks
 * about the topic:
 *
 * - the frame: how much of the question (its terms, each weighted by its
 *   rarity in the index) sits within WINDOW words of a value (a number, a
 *   date, a version, an amount). "the dashboard API … has improved to 250ms"
 *   states the value of what "What is the average response time of the
 *   dashboard API?" asks; a long answer that mentions the API in one
 *   paragraph and a number in another does not;
 * - time: of the passages that state the frame as fully as the best one and
 *   rank near it, the newest comes first (newestOfFrame).
 *
 *   score = bm25 / best bm25 + W_FRAME · frame (+ W_RECENT · time, 0 now)
 *
 * Measured on BEAM's development split (51 knowledge-update questions, the
 * passages alone, in process), current value at 1 / in the top 3:
 * FTS5 bm25 alone 17 / 34; with the frame (W_FRAME 1) 19 / 34; passages of
 * 4,000 characters instead of 1,600 19 / 38; W_FRAME 2 20 / 39; newest of
 * the frame first 24 / 39, with W_RECENT 0.2 → 0 23 / 41 (W_RECENT only
 * pulls unrelated late chatter up). Differences of one or two are noise on
 * a set this small: the choices follow the mechanism, not the last point.
 */
import { bigrams, latinQueryWords, STOPWORDS } from '../text/terms.js';
import { asFirstSaid, valuePhrases } from './restated.js';
import { askedSlots, askedValues, contradictsAsked, sameKind, stem, tokensOf, valueSlots, WINDOW, type AskedSlot, type Token, type ValueSlot } from './value-slots.js';

export { stem, tokensOf, WINDOW };

export const W_FRAME = 2;
export const W_CHANGE = 1;
export const W_OWN = 1;
export const W_RECENT = 0;
/** What a passage loses for stating another value where the question states one (contradictsAsked). */
export const W_CONTRA = 1;

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/u;

/** The question's terms as the frame compares them: its own words, stemmed, and CJK bigrams. */
export function frameTerms(question: string): string[] {
  return [...frameWords(question).keys()];
}

/**
 * Each frame term with a word of the question it stands for, as written. An
 * index that stems its own way (FTS5's porter) is asked with the word: a
 * stem is not always its own stem ("agreed" → "agre" → "agr").
 */
export function frameWords(question: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const w of latinQueryWords(question)) {
    const t = stem(w);
    if (t && !out.has(t)) out.set(t, w);
  }
  const runs = question.match(new RegExp(CJK_RUN.source, 'gu')) ?? [];
  for (const g of runs.flatMap(bigrams)) if ([...g].length === 2 && !STOPWORDS.has(g) && !out.has(g)) out.set(g, g);
  return out;
}

/**
 * The share of the question's weight found within WINDOW terms of one
 * value in the text (the best value); 0 when the text states no value.
 */
export function frameCover(text: string, terms: string[], weight: (term: string) => number): number {
  return coverOf(valueSlots(text, tokensOf(text), new Set(terms)), terms, weight);
}

const weightOf = (near: ReadonlySet<string>, weight: (term: string) => number): number => [...near].reduce((s, t) => s + weight(t), 0);

/** The best share of the question's weight around one of these slots. */
function coverOf(slots: ValueSlot[], terms: string[], weight: (term: string) => number): number {
  const total = terms.reduce((s, t) => s + weight(t), 0);
  if (total <= 0) return 0;
  return slots.reduce((best, s) => Math.max(best, weightOf(s.near, weight)), 0) / total;
}

/** BM25's idf of a term held by `df` of `n` passages (a term the index lacks weighs most). */
export function idf(df: number, n: number): number {
  const d = Math.min(df, n);
  return Math.log(1 + (n - d + 0.5) / (d + 0.5));
}

/** The share of the question's weight the text holds anywhere (no value needed). */
export function termCover(text: string, terms: string[], weight: (term: string) => number): number {
  return coverOfTokens(tokensOf(text), terms, weight);
}

function coverOfTokens(toks: Token[], terms: string[], weight: (term: string) => number): number {
  const total = terms.reduce((s, t) => s + weight(t), 0);
  if (total <= 0) return 0;
  const have = new Set(toks.map((t) => t.term));
  return terms.reduce((s, t) => s + (have.has(t) ? weight(t) : 0), 0) / total;
}

/** A text read once for ranking: its value slots, its frame cover and its term cover. */
export function weighText(text: string, terms: string[], weight: (term: string) => number): { slots: ValueSlot[]; frame: number; cover: number } {
  const toks = tokensOf(text);
  const slots = valueSlots(text, toks, new Set(terms));
  return { slots, frame: coverOf(slots, terms, weight), cover: coverOfTokens(toks, terms, weight) };
}

export interface Passage {
  id: number;
  text: string;
  at: number;
  /** FTS5 bm25, negated (higher is better). */
  bm25: number;
  /** Who said it: what the user typed weighs more than a reply about it. */
  role?: string;
  /** The session it was said in: a change said later in the top's session is a contender wherever it ranks. */
  session?: string;
}

export interface RankedPassage extends Passage {
  score: number;
  frame: number;
  /** The passage this one was put ahead of as its newer value (supersede): it answers at least as well. */
  replaces?: number;
  /** When its values were first said in its words, if earlier than `at` (restated.ts). */
  firstSaid?: number;
}

interface Scored extends RankedPassage {
  slots: ValueSlot[];
  /** States another value where the question states one: about another state. */
  contra: boolean;
  /** Its values in their words (restated.ts). */
  phrases: string[];
}

/**
 * Passages best first. `df(term)` is how many passages of the index hold
 * the term, `n` how many there are (for the terms' weights, BM25's idf).
 */
export function rankPassages(question: string, found: Passage[], df: (term: string) => number, n: number): RankedPassage[] {
  if (found.length === 0) return [];
  const terms = frameTerms(question);
  const termSet = new Set(terms);
  const weight = (t: string): number => idf(df(t), n);
  const best = Math.max(...found.map((p) => p.bm25), 1e-9);
  const oldest = Math.min(...found.map((p) => p.at));
  const span = Math.max(...found.map((p) => p.at)) - oldest;
  const askedUnits = askedSlots(question);
  const ranked: Scored[] = found
    .map((p) => {
      const toks = tokensOf(p.text);
      const slots = valueSlots(p.text, toks, termSet);
      const frame = coverOf(slots, terms, weight);
      const change = coverOf(slots.filter((s) => s.changed), terms, weight);
      const recent = span > 0 ? (p.at - oldest) / span : 0;
      const own = p.role === 'user' ? W_OWN : 0;
      const contra = contradictsAsked(slots, askedUnits);
      // Only the value that answers (the slot holding most of the question) dates the passage as a copy.
      const answer = [...slots].sort((a, b) => weightOf(b.near, weight) - weightOf(a.near, weight)).slice(0, 1);
      return { ...p, slots, frame, contra, phrases: valuePhrases(toks, answer), score: Math.max(0, p.bm25) / best + W_FRAME * frame + W_CHANGE * change + own + W_RECENT * recent - (contra ? W_CONTRA : 0) };
    })
    .sort((a, b) => b.score - a.score || b.at - a.at || b.id - a.id);
  const asked = askedValues(question);
  // Newest wins by when a value was first said in these words (restated.ts); each passage is returned with its own time.
  const dated = asFirstSaid(ranked);
  const ownOf = new Map(dated.map((d, i) => [d, ranked[i] as Scored]));
  const heirs = new Map<Scored, Scored>();
  const order = supersede(newestOfFrame(dated), asked, weight, askedUnits, (heir, old) => heirs.set(heir, old));
  return order.map((d) => {
    const { slots: _slots, contra: _contra, phrases: _phrases, ...p } = ownOf.get(d) as Scored;
    const old = heirs.get(d);
    return { ...p, ...(old ? { replaces: old.id } : {}), ...(d.at < p.at ? { firstSaid: d.at } : {}) };
  });
}

/**
 * How much of the top's slot a later value must share (its terms around, by
 * weight) to be a value of the same thing. A change often names the thing in
 * other words ("5 women I mentor" → "the number of mentees … increased to 7"):
 * on BEAM 0.15–0.25 all put that update first, 0.3 did not, and none moved
 * another question.
 */
export const SHARED = 0.2;
/** How near the top a later passage must rank to replace it: a change far down the list is about something else. */
export const CONTENDERS = 5;
/**
 * Within one session a later value the user states in the same slot (sharing
 * this much of its terms) is the newer one, with or without a word of change
 * ("the AI screening tool's 90% accuracy" after "accuracy is now rated 87%"):
 * one conversation is about one state of things. BEAM: stale@1 3 → 2 at 0.4
 * to 0.6, 3 at 0.8. A count of the same thing (both count:interview) is in
 * that slot by its kind, and needs only a change's share (SHARED): "how can
 * I leverage the fact that I secured 5 interviews" names two of the five
 * words of "I only secured 3 interviews for executive producer roles".
 */
export const SAME_SLOT = 0.6;

/**
 * Newest wins, when the link was missed: a later passage, ranked near the
 * top, that says a value changed ("… was increased to $550") and states it in
 * the top passage's slot (a value of the same kind, a share of the same terms
 * around it, a different value) replaces the top, and so on down the chain
 * of changes. What the user typed (or the screen showed) can change a value;
 * an assistant's reply proposes, lists alternatives and restates, so it does
 * not replace one. The question's own values are part of what is asked: a
 * later passage that states another in their place is about another state.
 * A change said later in the top's own session contends wherever it ranks:
 * it often names its thing by one word ("the new April 25 deadline"), the
 * rest said just before. BEAM: 35/41/8 without, 37/43/6 with it (and the
 * merge keeping the heir's place, merge.ts inherit).
 */
export function supersede<T extends { at: number; role?: string; session?: string; slots: ValueSlot[] }>(
  ranked: T[],
  asked: ReadonlySet<string>,
  weight: (term: string) => number,
  askedUnits: AskedSlot[] = [],
  replaced: (heir: T, old: T) => void = () => undefined,
): T[] {
  const order = [...ranked];
  let top = order[0];
  for (let round = 0; top && round < 3; round++) {
    const mine = top.slots.filter((s) => !asked.has(s.value)).sort((a, b) => weightOf(b.near, weight) - weightOf(a.near, weight))[0];
    const mineWeight = mine ? weightOf(mine.near, weight) : 0;
    if (!mine || mineWeight <= 0) break;
    const topAt = top.at;
    const near = order.filter((p, i) => i < CONTENDERS || (top !== undefined && p.session !== undefined && p.session === top.session));
    // Values said up to the top's time: a plain later mention of one ("the old port 3000 is still in the docs") is the past, not a change.
    // Past as the same kind of value: item 5 of an earlier list does not make "I secured 5 interviews" an old count.
    const past = new Map<string, string[]>();
    for (const x of order.filter((p) => p.at <= topAt).flatMap((p) => p.slots)) past.set(x.value, [...(past.get(x.value) ?? []), x.kind]);
    const said = (v: ValueSlot): boolean => (past.get(v.value) ?? []).some((k) => sameKind(k, v.kind));
    const later = near.filter(
      (p) =>
        p.at > topAt &&
        p.role !== 'assistant' &&
        !contradictsAsked(p.slots, askedUnits) &&
        p.slots.some((s) => {
          if (asked.has(s.value) || s.value === mine.value || !sameKind(s.kind, mine.kind)) return false;
          const shared = weightOf(new Set([...s.near].filter((t) => mine.near.has(t))), weight);
          const sameSession = p.session !== undefined && p.session === top?.session;
          // A count of the same thing (count:interview) is in the slot by its kind (SAME_SLOT).
          const slotShare = s.kind === mine.kind && s.kind.includes(':') ? SHARED : SAME_SLOT;
          if (!s.changed && !(sameSession && s.firm !== false && !said(s) && shared >= slotShare * mineWeight)) return false;
          return shared >= SHARED * mineWeight && weightOf(s.near, weight) >= SHARED * mineWeight;
        }),
    );
    const next = later.sort((a, b) => b.at - a.at)[0];
    if (!next) break;
    order.splice(order.indexOf(next), 1);
    order.unshift(next);
    replaced(next, top);
    top = next;
  }
  return order;
}

/** How close to the best frame a passage must come to state the same thing. */
export const FRAME_TIE = 0.1;
/** How close to the best score it must rank to be a contender at all. */
export const SCORE_TIE = 0.75;

/**
 * Newest wins at read time: of the passages that state the question's frame
 * as fully as the best one does (within FRAME_TIE) and rank near the top
 * (within SCORE_TIE of the best score), the newest comes first, then the
 * others in that group by time, then the rest as ranked. Two statements of
 * one thing with different values are a change; the later one is current.
 */
export function newestOfFrame<T extends { frame: number; score: number; at: number; contra?: boolean }>(ranked: T[]): T[] {
  const top = ranked[0];
  if (!top) return ranked;
  const bestFrame = Math.max(...ranked.map((r) => r.frame));
  if (bestFrame <= 0) return ranked;
  // A passage about another state than the one asked (contradictsAsked) is no newer value of it.
  const tied = ranked.filter((r) => !r.contra && r.frame >= bestFrame - FRAME_TIE && r.score >= SCORE_TIE * top.score);
  if (tied.length < 2) return ranked;
  const rest = ranked.filter((r) => !tied.includes(r));
  return [...[...tied].sort((a, b) => b.at - a.at), ...rest];
}
