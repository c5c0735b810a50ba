/**
 * A question's words that ask for the newest state of a thing rather than
 * name it ("most recently", "current", 目前, 最新: lexicon/now-words.json).
 * Matched as words, they rank a passage that only says "my recent review"
 * first for "how many hours of overtime have I tracked most recently?";
 * left out, the question is matched on what it is about, and the newest
 * of that thing's values already wins where they compete (episodes/rank.ts,
 * the store's subjects). Pure.
 */
import words from './lexicon/now-words.json' with { type: 'json' };
import { longestPhrasesFirst } from './lazy-pattern.js';

const EN = new RegExp(`\\b(?:${longestPhrasesFirst(words.en)})\\b`, 'gi');
const ZH = new RegExp(longestPhrasesFirst(words.zh), 'g');
/** What a question must keep to be searched at all: a letter or a digit. */
const WORDY = /[\p{L}\p{N}]/u;

/** The question without them; the question as it was when nothing else would be left. */
export function withoutNowWords(question: string): string {
  const rest = question.replace(EN, ' ').replace(ZH, ' ').replace(/\s+/g, ' ').trim();
  return WORDY.test(rest) ? rest : question;
}
