/**
 * The time a query names, if any: "on October 13, 2023", "in June",
 * "2023-10-13", "2023年10月13日", "6月". A search favours the memories
 * written then (store/search.ts): a question about what happened on a day
 * is most often answered by what was said that day.
 *
 * Pure. A span is a set of calendar fields, each optional; a moment is in
 * it when every field given matches its local date. Relative times
 * ("last week", 上周) are not read: they need the moment the question
 * refers to, which a query does not carry.
 */

export interface TimeSpan {
  year?: number;
  /** 1–12. */
  month?: number;
  /** 1–31. */
  day?: number;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** A month's name or its three-letter abbreviation ("Sept" too). May is left to its full name, as is the word. */
export const MONTH_NAME = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
export const YEAR = String.raw`((?:19|20)\d\d)`;
export const DAY = String.raw`([0-3]?\d)(?:st|nd|rd|th)?`;

const monthOf = (name: string): number => MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().replace(/\.$/, '').slice(0, 3))) + 1;

const valid = (s: TimeSpan): TimeSpan | undefined =>
  (s.month === undefined || (s.month >= 1 && s.month <= 12)) && (s.day === undefined || (s.day >= 1 && s.day <= 31)) ? s : undefined;

/**
 * The patterns, most specific first; each returns the span its match
 * names. All but the bare month name need a digit, which most questions
 * lack: a search's first few are read cold (V8 interprets a regexp before
 * compiling it), ~1.5 ms of a fresh process for the eight, so those are
 * not tried on text without one.
 */
const TIME_PATTERNS: Array<[RegExp, (m: RegExpExecArray) => TimeSpan, { digit?: false }?]> = [
  // ISO and slashed: 2023-10-13, 2023/10/13, 2023-10.
  [/\b((?:19|20)\d\d)[-/](0?[1-9]|1[0-2])(?:[-/]([0-3]?\d))?\b/, (m) => ({ year: Number(m[1]), month: Number(m[2]), ...(m[3] ? { day: Number(m[3]) } : {}) })],
  // 2023年10月13日, 2023年10月, 10月13日 (号 too), 10月.
  [/(?:((?:19|20)\d\d)\s*年\s*)?(1[0-2]|0?[1-9])\s*月(?:\s*([0-3]?\d)\s*[日号])?/, (m) => ({ ...(m[1] ? { year: Number(m[1]) } : {}), month: Number(m[2]), ...(m[3] ? { day: Number(m[3]) } : {}) })],
  // 2023年 alone.
  [/((?:19|20)\d\d)\s*年/, (m) => ({ year: Number(m[1]) })],
  // October 13, 2023 / Oct 13 2023 / October 13.
  [new RegExp(String.raw`\b${MONTH_NAME}\s+${DAY}\b(?:,?\s+${YEAR}\b)?`, 'i'), (m) => ({ month: monthOf(m[1] ?? ''), day: Number(m[2]), ...(m[3] ? { year: Number(m[3]) } : {}) })],
  // 13 October 2023 / 1 February, 2023 / 13 October.
  [new RegExp(String.raw`\b${DAY}\s+(?:of\s+)?${MONTH_NAME}\b(?:,?\s+${YEAR}\b)?`, 'i'), (m) => ({ day: Number(m[1]), month: monthOf(m[2] ?? ''), ...(m[3] ? { year: Number(m[3]) } : {}) })],
  // October 2023 / in June (a bare month name only after "in"/"during"/"since": "may" is a verb).
  [new RegExp(String.raw`\b${MONTH_NAME},?\s+${YEAR}\b`, 'i'), (m) => ({ month: monthOf(m[1] ?? ''), year: Number(m[2]) })],
  [new RegExp(String.raw`\b(?:in|during|of|early|late|mid)\s+${MONTH_NAME}\b`, 'i'), (m) => ({ month: monthOf(m[1] ?? '') }), { digit: false }],
  // in 2023.
  [/\b(?:in|during|of|since)\s+((?:19|20)\d\d)\b/i, (m) => ({ year: Number(m[1]) })],
];

/** The patterns a text without a digit can match. */
const WITHOUT_DIGITS = TIME_PATTERNS.filter(([, , o]) => o?.digit === false);

/** The first (most specific) valid span one of `patterns` reads in the text. */
export function firstSpan(text: string, patterns = TIME_PATTERNS): TimeSpan | undefined {
  for (const [re, read] of patterns) {
    const m = re.exec(text);
    if (!m) continue;
    const span = valid(read(m));
    if (span) return span;
  }
  return undefined;
}

/** The first (most specific) time span the text names, or undefined. */
export function timeSpanOf(text: string): TimeSpan | undefined {
  return firstSpan(text, /\d/.test(text) ? TIME_PATTERNS : WITHOUT_DIGITS);
}

/** Whether the moment (ms) falls in the span, by its local calendar date. */
export function inSpan(at: number, span: TimeSpan): boolean {
  const d = new Date(at);
  return (span.year === undefined || d.getFullYear() === span.year) && (span.month === undefined || d.getMonth() + 1 === span.month) && (span.day === undefined || d.getDate() === span.day);
}

/**
 * A bare date given as a limit means the end of that day: "as of
 * 2026-04-01" and "until 2026-04-01" include what was said that day. A
 * date with a time is taken as it is.
 */
export function dayEndOf(raw: unknown, ms: number | undefined): number | undefined {
  return ms !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(String(raw).trim()) ? ms + 86_399_999 : ms;
}
