/**
 * Screen lines to sentences. TUI chrome (box borders, bullets, spinners,
 * prompt boxes) is stripped first, lines of one paragraph are joined, and
 * the paragraph is split at sentence ends in Chinese and English.
 */
import { cleanLine } from '../segmenter/index.js';

const MIN_SENTENCE = 8;
const MAX_SENTENCE = 600;

export { cleanLine };

/** Pure: groups consecutive non-empty cleaned lines into paragraphs. */
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
    // A line ending a sentence closes the paragraph's current sentence run.
    cur.push(l);
    if (/[。！？!?.]$/.test(l)) flush();
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
