/**
 * The store's own subjects as the lexicon: once a project knows a subject
 * ("the dev server port", 预览服务器端口), a later sentence that names every
 * word of it (in any order, after any lead-in, in either language, inside a
 * question or a status line) and carries a value states a new value of that
 * subject, whatever its shape. Two statements about one thing share their
 * content words and differ in a value slot; no phrase list decides it.
 * Pure, so it is tested with values.
 */
import { subjectKey } from './subject-key.js';
import { isTentative } from './statement-tools.js';
import { refusesInEnglish } from './statement-en.js';
import { refusesInChinese } from './statement-zh.js';
import type { Statement } from './statement.js';
import { holdsNumber } from './value-shape.js';

export interface KnownSubject {
  key: string;
  subject: string;
  value: string;
}

/** A token that holds a value: a number with its unit glued on (250ms, 8.5%, $1,200, v2.3.1, 9090). */
const VALUE_TOKEN = /[$€£¥]?\d[\d.,:/-]*[\p{L}%]*/gu;

/** The words a sentence names, as subject keys are spelled (subject-key.ts). */
export function sentenceWords(sentence: string): Set<string> {
  return new Set(subjectKey(sentence).split(' ').filter(Boolean));
}

/** Does the sentence name every word of this subject (a key of two words or more: one word is too loose a frame)? */
export function namesSubject(words: Set<string>, key: string): boolean {
  const parts = key.split(' ').filter(Boolean);
  return parts.length >= 2 && parts.every((p) => words.has(p));
}

/** An aside in brackets ("(note 352, ticket T-87488)", "(was 12)", "[pull 3]"): what it numbers is not the subject's value. */
const ASIDE = /\([^()]*\)|\[[^[\]]*\]|（[^（）]*）/gu;

/**
 * The value a sentence gives a subject it names: the first value token, out
 * of asides in brackets, that is not a word of the subject itself, with what
 * the sentence says from its clause on (where a refusal of it would be: "…
 * to 5000 but decided against it"). The first clause that holds a value
 * decides: when it is tentative (negated, conditional, proposed), the
 * sentence gives no value, rather than a later clause's number.
 */
export function valueIn(sentence: string, key: string): { value: string; from: string } | undefined {
  const keyWords = new Set(key.split(' '));
  const clauses = sentence.replace(ASIDE, ' ').split(/(?<=[.;!?。；！？])\s*|[,，]\s*/u);
  for (const [i, clause] of clauses.entries()) {
    for (const m of clause.matchAll(VALUE_TOKEN)) {
      const v = m[0].replace(/[.,:/-]+$/u, '');
      if (!v || keyWords.has(v.toLowerCase())) continue;
      return isTentative(clause) ? undefined : { value: v, from: clauses.slice(i).join(', ') };
    }
  }
  return undefined;
}

/** The frame reads a value token (a number with what is glued to it), so it only restates subjects held as one. */
const countable = (k: KnownSubject): boolean => holdsNumber(k.value);

/**
 * The statement a sentence makes of a known subject, when the patterns
 * found none or only a looser one ("we moved the dev server to port 4000"
 * reads as "dev server" = "port 4000"; the store knows "dev server port").
 * The longest known key the sentence names wins. A refusal the patterns
 * found stands.
 */
export function learnedStatement(sentence: string, found: Statement | undefined, known: KnownSubject[]): Statement | undefined {
  if (found?.stance === 'reject') return undefined;
  const words = sentenceWords(sentence);
  let best: KnownSubject | undefined;
  for (const k of known) if (countable(k) && namesSubject(words, k.key) && (!best || k.key.split(' ').length > best.key.split(' ').length)) best = k;
  if (!best) return undefined;
  if (found) {
    // The patterns' own subject stands unless it is a part of the known one (a looser name of the same thing).
    const mine = found.key.split(' ');
    if (found.key === best.key || !mine.every((w) => best?.key.split(' ').includes(w))) return undefined;
  }
  const said = valueIn(sentence, best.key);
  if (!said) return undefined;
  // Refused, reverted or only proposed from the value on (the patterns' own refusal words, both languages): the current value stays, and nothing is stored.
  if (refusesInEnglish(said.from) || refusesInChinese(said.from)) return { subject: best.subject, key: best.key, value: '', stance: 'reject', other: said.value };
  return { subject: best.subject, key: best.key, value: said.value, stance: 'assert' };
}
