/**
 * Screen lines to sentences. TUI chrome (box borders, bullets, spinners,
 * prompt boxes) is stripped first, lines of one paragraph are joined, and
 * the paragraph is split at sentence ends in Chinese and English.
 */
import { cleanLine } from '../segmenter/index.js';

const MIN_SENTENCE = 8;
const MAX_SENTENCE = 600;
/** Prose hard-wrapped by a CLI fills most of an 80-column line. */
const WRAPPED_MIN_CHARS = 60;

export { cleanLine };

/** A line ending like this closes its sentence run. */
const RUN_END = /[。！？!?.;；:：]$/;
/** Markdown list items, headings and numbered steps are sentences of their own. */
const LIST_ITEM = /^(?:[-*+•]\s|\d+[.)]\s|#{1,6}\s|>\s)/;

/**
 * A finished screen line is a boundary unless the text plainly continues:
 * the line before it has no sentence end, and this one starts in lower case
 * or the one before ends on a comma, or a hard-wrapped Chinese sentence
 * runs on. Progress lines and unpunctuated statements stay apart.
 */
export function continues(prev: string, next: string): boolean {
  if (RUN_END.test(prev) || LIST_ITEM.test(next)) return false;
  if (prev.length + next.length > MAX_SENTENCE) return false;
  if (/[,，、]$/.test(prev)) return true;
  // A CLI that hard-wraps prose breaks it near the terminal's width; a short
  // line (a command's output, a status) followed by lower case is not that.
  if (/^[a-z("'`]/.test(next) && /[A-Za-z0-9`)\]'"]$/.test(prev) && prev.length >= WRAPPED_MIN_CHARS && /\s\S+\s/.test(prev)) return true;
  return /\p{Script=Han}$/u.test(prev) && /^\p{Script=Han}/u.test(next);
}

/** Pure: groups consecutive cleaned lines that continue each other into paragraphs. */
export function paragraphs(lines: string[]): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  const flush = (): void => {
    if (cur.length) out.push(cur.join(' '));
    cur = [];
  };
  for (const raw of lines) {
    const l = cleanLine(raw);
    if (!l) {
      flush();
      continue;
    }
    const prev = cur[cur.length - 1];
    // List markers are judged on the line as shown (cleaning strips bullets).
    if (prev !== undefined && (LIST_ITEM.test(raw.trim()) || !continues(prev, l))) flush();
    cur.push(l);
  }
  flush();
  return out;
}

export function splitSentences(paragraph: string): string[] {
  // Chinese sentence ends always split; "!" and "?" only before a space or
  // the end (so "!记得" stays whole); ASCII ";" never, it joins clauses.
  const parts = paragraph.split(/(?<=[。！？；])|(?<=[!?])(?=\s|$)/u);
  const out: string[] = [];
  for (const p of parts) {
    // English full stops: split at ". " followed by a capital, not inside `code` or paths.
    for (const s of p.split(/(?<=[a-z0-9)\]"'`][.])\s+(?=[A-Z])/u)) {
      const t = s.trim();
      if ([...t].length >= MIN_SENTENCE && [...t].length <= MAX_SENTENCE) out.push(t);
    }
  }
  return out;
}

export function sentencesOf(lines: string[]): string[] {
  return paragraphs(lines).flatMap(splitSentences);
}
