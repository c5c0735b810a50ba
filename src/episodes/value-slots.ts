/**
 * The values a text states, each as a slot: what kind of value it is (an
 * amount, a share, a time, a date, a count of something), whether a word of
 * change stands just before it ("increased to $550", "已经换成 9090"), and
 * which of the question's terms sit around it. Two statements of one thing
 * share the terms around their values and differ in the value; the later one
 * that says it changed is the current one. Pure, so it is tested with values.
 *
 * The words of change and the month names are data (lexicon/change-words.json):
 * language facts in general use, not the phrases of any one conversation.
 */
import lexicon from '../text/lexicon/change-words.json' with { type: 'json' };
import { bigrams, STOPWORDS } from '../text/terms.js';
import { singular } from '../text/subject-key.js';
import { stemmer as porter } from 'stemmer';
import { clauseStarts, stated, type Change } from './stated.js';

export { stated };

/** How many terms either side of a value count as around it. */
export const WINDOW = 12;
/** How many terms before a value a word of change may stand. */
export const CHANGE_REACH = 6;
/** How far back a verb of change reaches its value through "to" (its object between). */
export const OBJECT_REACH = 16;

const CHANGE_EN = new Set([...lexicon.en, ...lexicon.en_markers]);
const MARKERS = new Set(lexicon.en_markers);
const CHANGE_ZH = lexicon.zh;
const MONTHS = new Set(lexicon.months);

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/u;
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}_$%.,:/-]+/gu;

/**
 * The Porter stem, as FTS5's porter index stems: "commits" meets "commit",
 * and "highlighted" "highlight", "mentoring" "mentor". Singular first, so a
 * plural the Porter rules leave alone ("indices") still meets its singular.
 */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  const known = stems.get(lower);
  if (known !== undefined) return known;
  const w = singular(lower);
  // Names with dots or digits (next.js, k3s) are not English words to stem.
  const out = /^[a-z]+$/.test(w) ? porter(w) : w;
  if (stems.size >= STEM_MEMO_SIZE) stems.clear();
  stems.set(lower, out);
  return out;
}

/** A query ranks some 40 passages of a few hundred words, mostly the same words: each is stemmed once. Bounded; cleared when full. */
const STEM_MEMO_SIZE = 20_000;
const stems = new Map<string, string>();

export interface Token {
  /** The stemmed term (a CJK bigram for CJK text). */
  term: string;
  /** Holds a digit: a value. */
  value: boolean;
  /** The text as written (for a CJK bigram, its whole run). */
  raw: string;
  /** Where the written text starts. */
  offset: number;
}

/** The text as positioned terms; CJK runs as their bigrams, each a position. */
export function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    const offset = m.index;
    if (CJK_RUN.test(raw)) {
      for (const g of bigrams(raw)) out.push({ term: g, value: false, raw, offset });
      continue;
    }
    const value = /\d/.test(raw);
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, '');
    // "250ms," is one value token; its term part ("ms") still names a unit.
    out.push({ term: stem(word.replace(/[^\p{L}\p{N}_]+/gu, '')), value, raw, offset });
  }
  return out;
}

/** A value as compared: lowercased, trailing punctuation and thousands commas out. */
export const valueKey = (raw: string): string =>
  raw
    .toLowerCase()
    .replace(/[.,;:!?)]+$/u, '')
    .replace(/(\d),(?=\d{3}\b)/g, '$1');

export interface ValueSlot {
  /** Position in the token list. */
  at: number;
  value: string;
  kind: string;
  /** A word of change stands just before it, in a clause that neither refuses, proposes nor negates it. */
  changed: boolean;
  /** Said as so: not proposed, asked "what if", refused or negated (unset: not read). */
  firm?: boolean;
  /** The question's terms around it. */
  near: Set<string>;
}

const plainWord = (t: Token | undefined): string => (t && !t.value && !CJK_RUN.test(t.raw) ? t.raw.toLowerCase().replace(/[^\p{L}]/gu, '') : '');

/** What kind of value a token is, from its shape and its neighbours. */
export function kindOf(toks: Token[], i: number): string {
  const raw = toks[i]?.raw ?? '';
  const v = valueKey(raw);
  const next = plainWord(toks[i + 1]);
  const prev = plainWord(toks[i - 1]);
  const glued = /^[\d.,:/-]+(\p{L}+)$/u.exec(v)?.[1];
  // A CJK unit is glued on ("5月", "800元") or the next run ("800 元").
  const after = glued ?? (toks[i + 1] && CJK_RUN.test(toks[i + 1]?.raw ?? '') ? (toks[i + 1]?.raw ?? '') : '');
  if (/^[$€£¥]/u.test(v) || /^(?:usd|eur|gbp|rmb|cny|yuan|dollars?|euros?)$/u.test(next) || /^[元块]/u.test(after)) return 'money';
  if (v.endsWith('%') || next === 'percent' || /^%/u.test(after)) return 'percent';
  if (/\d:\d\d/.test(v) || /^(?:am|pm)$/.test(next) || /^[点時时]/u.test(after)) return 'time';
  if (MONTHS.has(next) || MONTHS.has(prev) || /^\d{4}-\d{1,2}-\d{1,2}$/.test(v) || /^[月日号]/u.test(after)) return 'date';
  if (glued) return `count:${stem(glued)}`;
  return next && !STOPWORDS.has(next) ? `count:${stem(next)}` : 'count';
}

/** Two kinds that may be values of one thing: the same, or a count with its unit left out ("reached 165" for "150 commits"). */
export const sameKind = (a: string, b: string): boolean => a === b || (a.startsWith('count') && b.startsWith('count') && (a === 'count' || b === 'count'));

const changes = (t: Token | undefined): boolean => (t !== undefined && CJK_RUN.test(t.raw) ? CHANGE_ZH.some((w) => t.raw.includes(w)) : CHANGE_EN.has(plainWord(t)));


function changeBefore(toks: Token[], i: number): Change {
  let found: Change;
  for (let j = Math.max(0, i - CHANGE_REACH); j < i; j++) {
    if (!changes(toks[j])) continue;
    if (!MARKERS.has(plainWord(toks[j]))) return 'verb';
    found = 'marker';
  }
  if (found) return found;
  // "adjust the deadline for my Instagram prototype to April 5": the verb reaches
  // its value through "to" across a long object, within one clause.
  const to = MONTHS.has(plainWord(toks[i - 1])) ? i - 2 : i - 1; // "to April 5"
  if (plainWord(toks[to]) !== 'to') return undefined;
  for (let j = to - 1; j >= Math.max(0, i - OBJECT_REACH); j--) {
    const t = toks[j];
    if (!t || /[.,;:!?]$/u.test(t.raw)) return undefined;
    if (changes(t)) return 'verb';
  }
  return undefined;
}


const PRONOUN = new Set(['it', 'this', 'they', 'these', 'those']);
const AUXILIARY = new Set(['s', 've', 'is', 'was', 'are', 'were', 'has', 'have', 'had', 'been', 'be', 'got', 'gets', 'just', 'now', 'since', 'already', 'finally', 'recently']);

/** The subject of the value's verb of change is a pronoun ("it was shortened to", "they've moved it to"). */
function anaphoric(toks: Token[], i: number): boolean {
  for (let v = i - 1; v >= Math.max(0, i - CHANGE_REACH); v--) {
    if (!changes(toks[v]) || MARKERS.has(plainWord(toks[v]))) continue;
    let j = v - 1;
    while (j >= 0 && AUXILIARY.has(plainWord(toks[j]))) j--;
    return PRONOUN.has(plainWord(toks[j]));
  }
  return false;
}

const YEAR = /^(?:19|20)\d\d$/;

/** "April 5, 2024": the year is part of the date before it, not a value of its own. */
function yearOfDate(toks: Token[], i: number): boolean {
  const prev = toks[i - 1];
  return YEAR.test(valueKey(toks[i]?.raw ?? '')) && prev?.value === true && /,$/.test(prev.raw) && kindOf(toks, i - 1) === 'date';
}

/** A day with its month ("april 5"): April 1 and May 1 are two dates. */
function dateKey(toks: Token[], i: number): string {
  const day = valueKey(toks[i]?.raw ?? '');
  const prev = plainWord(toks[i - 1]);
  const next = plainWord(toks[i + 1]);
  const month = MONTHS.has(prev) ? prev : MONTHS.has(next) ? next : '';
  return month ? `${month} ${day}` : day;
}

/**
 * The values of a text as slots, around each the question's `terms`. A value
 * the question itself states ("under 20 concurrent requests") is part of what
 * is asked about, not an answer: `asked` leaves it out.
 */
export function valueSlots(text: string, toks: Token[], terms: ReadonlySet<string>, asked: ReadonlySet<string> = new Set()): ValueSlot[] {
  const out: ValueSlot[] = [];
  let starts: number[] | undefined;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (!t?.value || yearOfDate(toks, i)) continue;
    const kind = kindOf(toks, i);
    const value = kind === 'date' ? dateKey(toks, i) : valueKey(t.raw);
    if (asked.has(value) || asked.has(valueKey(t.raw))) continue;
    const by = changeBefore(toks, i);
    starts ??= clauseStarts(text);
    const changed = by !== undefined && stated(text, t.offset, by, starts);
    // "… the probate process, so tell me how it was shortened to 5-7 months": a change said of a pronoun
    // is about what was named before it, so the window reaches that far back.
    const back = changed && anaphoric(toks, i) ? 2 * WINDOW : WINDOW;
    const near = new Set<string>();
    for (let j = Math.max(0, i - back); j <= Math.min(toks.length - 1, i + WINDOW); j++) {
      const term = toks[j]?.term;
      if (term && terms.has(term)) near.add(term);
    }
    // A change that was proposed or refused is not firm either; a plain value is read for itself.
    out.push({ at: i, value, kind, changed, near, firm: changed || (by === undefined && stated(text, t.offset, 'verb', starts)) });
  }
  return out;
}

/** The values a question states itself, as valueKey spells them. */
export function askedValues(question: string): Set<string> {
  return new Set(tokensOf(question).filter((t) => t.value).map((t) => valueKey(t.raw)));
}

/** A value the question states itself, with its kind ("15 problems": 15, count:problem). */
export interface AskedSlot {
  value: string;
  kind: string;
}

/** The values a question states with a unit that names what they count or measure; a bare number says too little to compare. */
export function askedSlots(question: string): AskedSlot[] {
  const toks = tokensOf(question);
  return toks.flatMap((t, i) => {
    if (!t.value) return [];
    const kind = kindOf(toks, i);
    return kind === 'count' || kind === 'date' ? [] : [{ value: valueKey(t.raw), kind }];
  });
}

/**
 * A text that states another value where the question states one ("after 12
 * problems" for "after completing 15 problems", "under 1,000 concurrent
 * users" for "under 20 concurrent requests"), and not the question's own:
 * it is about another state of things than the one asked about.
 */
export function contradictsAsked(slots: ValueSlot[], asked: AskedSlot[]): boolean {
  return asked.some((a) => !slots.some((s) => s.value === a.value && sameKind(s.kind, a.kind)) && slots.some((s) => s.kind === a.kind && s.value !== a.value));
}
