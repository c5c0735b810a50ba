/**
 * When a thing happens, as its value: "The release moved to Thursday" and
 * "发版时间是周三" are about one subject, the release's time, however the
 * sentence named it (the release, its day, its date, 发版, 发版时间).
 * Without this the two stayed two subjects: both held, and the block
 * showed them as a contradiction instead of the newer one alone.
 *
 * Pure. A value counts only when all of it is a time: a weekday, a date,
 * a clock time, or a weekday with a clock time, with a lead word at most
 * ("on", "every", 下, 每). A value that only holds a time ("the week after
 * the audit") keeps its subject. The words are data (lexicon/time-words.json).
 */
import words from './lexicon/time-words.json' with { type: 'json' };
import { DAY, MONTH_NAME, YEAR } from './time-span.js';
import { longestFirst } from './lazy-pattern.js';

const WEEKDAY_EN = String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)days?`;
/** "Mon", "Thu", "Sat" alone are words too ("the vendor is Sun"): an abbreviation counts only before a clock time. */
const WEEKDAY_ABBR = String.raw`(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?`;
const CLOCK_EN = String.raw`(?:\d{1,2}(?::\d{2})?\s*[ap]\.?m\.?|\d{1,2}:\d{2}|noon|midnight)`;
const DATE_EN = String.raw`(?:${MONTH_NAME}\s+${DAY}(?:,?\s+${YEAR})?|${DAY}\s+(?:of\s+)?${MONTH_NAME}(?:,?\s+${YEAR})?|(?:19|20)\d\d-\d{1,2}-\d{1,2})`;
const LEAD_EN = `(?:(?:${longestFirst(words.en_lead)})\\s+)*`;
const EN = new RegExp(
  String.raw`^${LEAD_EN}(?:(?:${WEEKDAY_EN}|${DATE_EN})(?:,?\s+(?:at\s+)?${CLOCK_EN})?|${WEEKDAY_ABBR},?\s+(?:at\s+)?${CLOCK_EN}|${CLOCK_EN}(?:\s+on\s+(?:${WEEKDAY_EN}|${DATE_EN}))?)$`,
  'iu',
);

const PART_OF_DAY = '(?:上午|下午|晚上|早上|中午|凌晨)';
const CLOCK_ZH = String.raw`(?:${PART_OF_DAY}?\s*\d{1,2}\s*(?:点|时)(?:\s*半|\s*\d{1,2}\s*分?)?|${PART_OF_DAY}?\s*\d{1,2}:\d{2})`;
const WEEKDAY_ZH = '(?:周|星期|礼拜)[一二三四五六日天]';
const DATE_ZH = String.raw`(?:(?:(?:19|20)\d\d\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*[日号])`;
const LEAD_ZH = `(?:${longestFirst(words.zh_lead)})?`;
const ZH = new RegExp(String.raw`^${LEAD_ZH}(?:(?:${WEEKDAY_ZH}|${DATE_ZH})\s*(?:${CLOCK_ZH})?|${CLOCK_ZH})$`, 'u');

/** Pure: all of the value is a time of day, a weekday or a date. */
export function isTimeValue(value: string): boolean {
  const v = value.trim().replace(/[.。!！]+$/u, '');
  return v.length > 0 && (EN.test(v) || ZH.test(v));
}

const ASPECT_EN = new RegExp(`\\s+(?:${longestFirst(words.en_aspect)})$`, 'i');
const ASPECT_ZH = new RegExp(`(?:${longestFirst(words.zh_aspect)})$`, 'u');
const HAN = /\p{Script=Han}/u;

/** A subject's words, ended in Chinese or not: its time word, and "time" after the thing, follow that language. */
const endsInHan = (said: string): boolean => HAN.test(said.slice(-1));
const timeOf = (thing: string, han: boolean): string => (han ? `${thing}时间` : `${thing} time`);
const withoutTimeWord = (said: string): string => said.replace(endsInHan(said) ? ASPECT_ZH : ASPECT_EN, '').trim();

/** The thing a subject names the time of ("release day", 发版日期), as "release time" / 发版时间; undefined when it names none. */
export function timeAspectOf(subject: string): string | undefined {
  const said = subject.trim();
  const thing = withoutTimeWord(said);
  return thing && thing !== said ? timeOf(thing, endsInHan(said)) : undefined;
}

/**
 * The subject a time is the value of: the thing and "time" (时间 in
 * Chinese), whichever word the sentence used for it. Undefined when the
 * value is not a time.
 */
export function timeSubject(subject: string, value: string): string | undefined {
  if (!isTimeValue(value)) return undefined;
  const said = subject.trim();
  if (!said) return undefined;
  return timeAspectOf(said) ?? timeOf(said, endsInHan(said));
}
