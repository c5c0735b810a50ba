/**
 * Key events: words that mark a decision made or something finished. A
 * sentence holding one is a conclusion worth keeping. Beside them, the
 * names of what a project's people ask about most (its test command, its
 * conventions): a sentence that names one is worth a look, but names it as
 * often in a request ("check the test command") as in a statement of its
 * value. The words are data (lexicon/signal-words.json).
 */
import words from '../text/lexicon/signal-words.json' with { type: 'json' };

export const SIGNALS_ZH = [...words.events_zh, ...words.subjects_zh];
export const SIGNALS_EN = [...words.events_en, ...words.subjects_en];

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const englishPattern = (list: string[]): RegExp => new RegExp(`\\b(?:${list.map((s) => escapeRe(s.trim())).join('|')})\\b`, 'i');
const EN_RE = englishPattern(SIGNALS_EN);
const EVENT_EN_RE = englishPattern(words.events_en);

/** A key event or a much-asked-about subject. */
export function hasSignal(sentence: string): boolean {
  if (SIGNALS_ZH.some((s) => sentence.includes(s))) return true;
  return EN_RE.test(sentence);
}

/** A key event: a decision, a rule, something fixed or found. A subject's name alone is none. */
export function hasEventSignal(sentence: string): boolean {
  if (words.events_zh.some((s) => sentence.includes(s))) return true;
  return EVENT_EN_RE.test(sentence);
}
