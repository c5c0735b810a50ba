/**
 * Text to terms, shared by the FTS index, FTS queries, the lexical embedder
 * and the overlap filter, so all of them agree on what a "word" is.
 *
 * Chinese has no spaces, and FTS5's tokenizers do not split it: unicode61
 * keeps a whole run as one token, and trigram cannot match two-character
 * words such as 日志 or 配置. So CJK runs are indexed as overlapping
 * character bigrams (the classic CJK analyzer approach), and a query word
 * becomes a phrase of its bigrams: 日志格式 → "日志" OR "格式" matches
 * 日志统一使用 JSON 格式. Latin text is indexed as lowercased words, stemmed
 * by FTS5's porter tokenizer.
 */

import { translations } from './glossary.js';

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const LATIN_WORD = /[\p{L}\p{N}_]+/gu;
/** Scripts whose words are runs of letters and digits (no dictionary needed to split them). */
const SIMPLE_SCRIPTS = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}\p{Script=Greek}\p{Script=Cyrillic}]*$/u;
/** A word made of underscores alone. */
const UNDERSCORE_RUN = /(?:^|[^\p{L}\p{N}_])_+(?![\p{L}\p{N}_])/u;
const HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

// Most texts a launch or a query reads first are plain ASCII, where the
// classes above mean [A-Za-z0-9_] and no CJK at all. Each of them costs
// ~0.2–0.5 ms on its first two uses in a process (V8 interprets a regexp
// once, then compiles it), so ASCII text takes these instead; terms.test.ts
// holds every function to its Unicode path.
const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_WORD = /[A-Za-z0-9_]+/g;
const ASCII_UNDERSCORE_RUN = /(?:^|[^A-Za-z0-9_])_+(?![A-Za-z0-9_])/;
const isAscii = (text: string): boolean => !NON_ASCII.test(text);

// Created on first use: building it loads ICU word data (~10 ms), which
// the launch path only needs when there is a query to split.
let segmenterInstance: Intl.Segmenter | undefined;
const segmenter = (): Intl.Segmenter => (segmenterInstance ??= new Intl.Segmenter('zh', { granularity: 'word' }));

export function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  return out;
}

/** Latin words of a text, lowercased, with CJK removed. */
export function latinWords(text: string): string[] {
  if (isAscii(text)) return text.toLowerCase().match(ASCII_WORD) ?? [];
  return (text.replace(CJK_RUN, ' ').toLowerCase().match(LATIN_WORD) ?? []).filter((w) => w.length > 0);
}

export function cjkRuns(text: string): string[] {
  return isAscii(text) ? [] : (text.match(CJK_RUN) ?? []);
}

/** The text stored in the FTS column: words, plus bigrams of each CJK run. */
export function indexTerms(text: string): string {
  const parts: string[] = [...latinWords(text)];
  for (const run of cjkRuns(text)) parts.push(...bigrams(run));
  return parts.join(' ');
}

/** Words that carry no topic; dropping them keeps the 12-term cap for real terms. */
export const STOPWORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her hers him his how i if in into is it its ' +
    'me my no not of on or our she so that the their them then there these they this those to was we were what when where which ' +
    'who whom why will with would you your yours about after before did does doing done any all also just than too very ' +
    '的 了 是 在 和 与 就 都 而 及 或 一个 这个 那个 什么 怎么 吗 呢 吧 啊'
  ).split(/\s+/),
);

/** Query words in order: Latin words and CJK words (segmented by Intl), stopwords dropped. */
export function queryWords(text: string): string[] {
  // In these scripts the segmenter splits as LATIN_WORD does, and building it costs ~9 ms of a query process.
  // (ICU treats a lone run of underscores its own way: such a text takes the segmenter.)
  const ascii = isAscii(text);
  const plain = ascii ? !ASCII_UNDERSCORE_RUN.test(text) : SIMPLE_SCRIPTS.test(text) && !UNDERSCORE_RUN.test(text);
  if (!plain) return segmentedWords(text);
  return [...new Set((text.toLowerCase().match(ascii ? ASCII_WORD : LATIN_WORD) ?? []).filter((w) => !STOPWORDS.has(w)))];
}

/** queryWords through Intl.Segmenter (CJK words); exported for the test that the fast path agrees. */
export function segmentedWords(text: string): string[] {
  const words: string[] = [];
  for (const seg of segmenter().segment(text)) {
    if (!seg.isWordLike) continue;
    const w = seg.segment.toLowerCase();
    if (STOPWORDS.has(w)) continue;
    if (HAN.test(w)) {
      words.push(w);
    } else {
      for (const lw of w.match(LATIN_WORD) ?? []) if (!STOPWORDS.has(lw)) words.push(lw);
    }
  }
  return [...new Set(words)];
}

/**
 * The non-CJK query words, in order: what queryWords keeps once its CJK
 * words are dropped. With the CJK runs blanked out the text usually takes
 * the fast path, so a mixed query such as 支付回调 must not touch does not
 * build the segmenter (~10 ms of a query process) only to throw its CJK
 * words away: FTS matches CJK by bigrams.
 */
export function latinQueryWords(text: string): string[] {
  if (isAscii(text)) return queryWords(text);
  return queryWords(text.replace(CJK_RUN, ' ')).filter((w) => !HAN.test(w));
}

/** At most this many terms go into one MATCH: long pastes stay fast. */
export const MAX_QUERY_TERMS = 12;

/** One term as FTS5 plain text: quoted, so AND, NEAR, *, ^ and : are words. */
export function quoteTerm(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/**
 * The quoted FTS5 terms of a query: `own` are the user's words and CJK
 * bigrams, `widened` their translations (log ↔ 日志). Every term is quoted
 * (so AND, NEAR, *, ^, : and quotes are plain text); together at most
 * MAX_QUERY_TERMS. Undefined when no term is left.
 */
export function ftsQueryTerms(text: string): { own: string[]; widened: string[] } | undefined {
  const latin = latinQueryWords(text);
  // A CJK run is matched by its bigrams, as it is indexed: a word splitter
  // leaves rarer words (头像, 回滚) as single characters that match nothing.
  const runs = cjkRuns(text);
  const grams = runs.flatMap(bigrams).filter((g) => [...g].length === 2 && !STOPWORDS.has(g));
  const widened = translations(latin, runs).map((w) => (HAN.test(w) ? bigrams(w).join(' ') : w));
  const terms = [...new Set([...latin, ...grams])].slice(0, MAX_QUERY_TERMS);
  const extra = widened.filter((w) => !terms.includes(w)).slice(0, MAX_QUERY_TERMS - Math.min(terms.length, MAX_QUERY_TERMS / 2));
  if (terms.length + extra.length === 0) return undefined;
  return { own: terms.map(quoteTerm), widened: extra.map(quoteTerm) };
}

/** The same terms OR-joined: one safe FTS5 MATCH expression. */
export function ftsMatchQuery(text: string): string | undefined {
  const q = ftsQueryTerms(text);
  return q && [...q.own, ...q.widened].join(' OR ');
}

/** Terms for the LIKE fallback: the raw words, longest first. */
export function likeTerms(text: string): string[] {
  return queryWords(text)
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_QUERY_TERMS);
}

/**
 * Token set for overlap checks: Latin words and CJK bigrams, stopwords
 * dropped, so "the … for this repo is …" does not make two different
 * statements look like repeats.
 */
export function tokenSet(text: string): Set<string> {
  const s = new Set<string>(latinWords(text).filter((w) => !STOPWORDS.has(w)));
  for (const run of cjkRuns(text)) for (const g of bigrams(run)) s.add(g);
  return s;
}

/** Share of a's tokens also in b (containment), 0 when a is empty. */
export function overlapRatio(a: Set<string>, b: Set<string>): number {
  if (a.size === 0) return 0;
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return common / a.size;
}

/** Which language a text is mostly in, for the block's frame. */
export function dominantLanguage(text: string): 'zh' | 'en' {
  if (isAscii(text)) return 'en';
  const han = (text.match(CJK_RUN) ?? []).reduce((n, r) => n + [...r].length, 0);
  const latin = latinWords(text).join('').length;
  return han * 2 >= latin && han > 0 ? 'zh' : 'en';
}
