/**
 * Was a value said as so, or only proposed, conditioned, refused or negated?
 * Read from its clause: what leads up to the value, and what the sentence
 * says from there on. Pure, so it is tested with values.
 */
import { isTentative, withoutAttempts } from '../text/statement-tools.js';
import { refusesInEnglish, rejectsInEnglish } from '../text/statement-en.js';
import { refusesInChinese, rejectsInChinese } from '../text/statement-zh.js';

/** How a value is said to be new: by a verb of change ("raised to") or a word on the value itself ("the new April 5 deadline"). */
export type Change = 'verb' | 'marker' | undefined;

const CLAUSE_END = /[.;!?。；！？\n]\s|[,，]\s*|[。；！？]/gu;

/**
 * "… and I've …", "… but we …": a conjunction that opens a clause with its
 * own subject; "how my score improved to …", "since the budget went up to …":
 * a clause of fact under a verb of thought or a reason (not "how to …").
 */
const COORDINATED = /\b(?:and|but|so|then)\s+(?:I|we|they|he|she|it|you|my|our)\b|\b(?:how|why|since|because|now that|given that)\s+(?!to\b)(?:the|my|our|their|his|her|its|it|we|I|they)\b/giu;
/** A condition governs every clause it joins ("if we do X and we move it to 9090"). */
const CONDITION = /\b(?:if|unless|whether|when|once|suppose|supposing)\b|如果|要是|假如/iu;

/**
 * The part of a clause that is the value's own: from the last coordinated
 * clause with its own subject ("I'm planning a movie weekend and I've
 * raised the budget to $75": the plan is another clause's), unless a
 * condition before it governs both.
 */
function ownClause(head: string): string {
  let from = 0;
  for (const m of head.matchAll(COORDINATED)) from = m.index;
  return from > 0 && !CONDITION.test(head.slice(0, from)) ? head.slice(from) : head;
}

/**
 * Was a change at `offset` stated, or only proposed, refused or negated? What
 * leads up to the value in its clause must not propose, condition or negate
 * it ("if we moved it to 9090", "someone suggested 20"), and what the sentence
 * says from there on must not refuse it ("moving it to 5000 was discussed,
 * but we decided against it"). Words after the value in its clause ("… to
 * 5-7 months and what that means for my planning") are not about it.
 */
export function stated(text: string, offset: number, by: Change = 'verb', starts: number[] = clauseStarts(text)): boolean {
  let start = 0;
  for (const s of starts) {
    if (s <= offset) start = s;
    else break;
  }
  // Read at most CLAUSE_REACH either side, from a word's start: unpunctuated text (a screen's
  // flood of numbered lines) is one clause, and each of its values re-read all of it before.
  if (offset - start > CLAUSE_REACH) start = wordStartAfter(text, offset - CLAUSE_REACH);
  WORD_AT.lastIndex = offset;
  const valueEnd = offset + (WORD_AT.exec(text)?.[0].length ?? 0);
  const own = ownClause(text.slice(start, valueEnd));
  const head = by === 'marker' ? withoutAttempts(own) : own;
  SENTENCE_END.lastIndex = offset;
  const sentenceEnd = Math.min(SENTENCE_END.exec(text)?.index ?? text.length, valueEnd + CLAUSE_REACH);
  const rest = text.slice(start, sentenceEnd);
  return !isTentative(head) && !refusesInEnglish(head) && !refusesInChinese(head) && !rejectsInEnglish(rest) && !rejectsInChinese(rest);
}

const WORD_AT = /\S+/uy;
/**
 * How far a clause is read from its value, each way: further than any
 * clause of prose (commas end clauses too), so only text with no
 * punctuation at all is cut (every value of a screen of numbered lines
 * re-read all before it: an episode query over a 400k-line flood took
 * 1.0 s, 0.35 s with the reach).
 */
const CLAUSE_REACH = 300;
const NEXT_SPACE = /\s/gu;

/** Where the first word after `from` starts (`from` itself when there is no space after it). */
function wordStartAfter(text: string, from: number): number {
  NEXT_SPACE.lastIndex = from;
  const m = NEXT_SPACE.exec(text);
  return m ? m.index + 1 : from;
}
const SENTENCE_END = /[.;!?。；！？](?:\s|$)|\n/gu;

/** Where each clause of a text starts (read once per text, for all its values). */
export function clauseStarts(text: string): number[] {
  return [0, ...[...text.matchAll(CLAUSE_END)].map((m) => m.index + m[0].length)];
}
