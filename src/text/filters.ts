import { overlapRatio, tokenSet } from './terms.js';

/** Design: observations shorter than this are not worth a memory. */
export const MIN_MEMORY_CHARS = 30;
/** Design: more than this share of tokens already in one memory is a repeat. */
export const MAX_OVERLAP = 0.6;

const TRIVIA = new Set(
  [
    '好的', '好', '收到', '嗯', '嗯嗯', '谢谢', '多谢', '感谢', '可以', '行', '对', '是的', '没问题', '明白', '了解', '知道了', '继续', '好的谢谢',
    'ok', 'okay', 'k', 'yes', 'no', 'yep', 'nope', 'sure', 'thanks', 'thank you', 'thx', 'ty', 'got it', 'cool', 'great', 'nice',
    'continue', 'go on', 'go ahead', 'done', 'lgtm', 'sounds good', 'perfect', 'right', 'alright', 'y', 'n', 'hi', 'hello',
  ],
);

function bare(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, ' ')
    .trim();
}

/** "好的", "ok", "thanks!" and the like, alone or repeated. */
export function isTrivia(text: string): boolean {
  const b = bare(text);
  if (b === '') return true;
  if (TRIVIA.has(b)) return true;
  const words = b.split(' ');
  return words.length <= 4 && words.every((w) => TRIVIA.has(w));
}

const WIDE_ALL = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/**
 * Length in Latin-character equivalents: a CJK character carries about as
 * much as two Latin ones, so 根本原因是缓存没有失效 (11 characters) is not
 * "short" next to "the cache was stale" (19).
 */
export function weightedLength(text: string): number {
  const t = text.trim();
  // Characters (a surrogate pair is one), plus one more for each wide one:
  // one regex over the text, not one per character.
  let n = t.length;
  for (let i = 0; i + 1 < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = t.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n + (t.match(WIDE_ALL)?.length ?? 0);
}

export function isTooShort(text: string, min = MIN_MEMORY_CHARS): boolean {
  return weightedLength(text) < min;
}

const LOW_VALUE = [
  /^\s*(?:exit(?:ed)?\s+(?:code|status)|exit code|return code)\b/i,
  /^\s*usage:/i,
  /^\s*\[?\s*\d+\s*\/\s*\d+\s*\]?\s*(?:\d+%)?\s*$/,
  /^\s*\d+(?:\.\d+)?\s*%\s*$/,
  /^\s*(?:\d+\s+(?:passed|failed|tests?|files?|lines?|ms|s)\b[\s,]*)+$/i,
  /^\s*[-=_*#~.]{4,}\s*$/,
  /^\s*(?:press|type)\s+\S+\s+to\s+/i,
  /^\s*(?:ctrl|⌃)[-+]?\w\b/i,
  // The shell's own complaints and npm's error trailer: what failed, not what was established.
  /^\s*(?:-?(?:ba|z|da|k|fi)?sh|sh):(?: line \d+:)? .*(?:command not found|not found|No such file or directory|Permission denied|event not found|syntax error)/i,
  /^\s*npm (?:ERR!|error|warn)\b/i,
  /\bA complete log of this run can be found in\b/i,
];

/** claude-mem's own environment variables, as a shell prints them (env, set): never a memory. */
const OWN_ENV = /\bCLAUDE_MEM_[A-Z_]+=/;

/** Noise that survives the length check: exit codes, usage lines, bare counters. */
export function isLowValue(text: string): boolean {
  if (OWN_ENV.test(text)) return true;
  const first = text.trim().split('\n')[0] ?? '';
  if (LOW_VALUE.some((r) => r.test(first))) return true;
  // Mostly digits and punctuation: counters, timestamps, hashes.
  const letters = (text.match(/[\p{L}]/gu) ?? []).length;
  return letters < [...text].length * 0.25;
}

/**
 * Words that say a statement corrects an earlier one: the newer memory then
 * replaces the older in the block instead of joining it as a supplement.
 */
const CORRECTION = /(?:改成|改为|改用|换成|换为|不再|不用再|不要再|替换为|取代|instead of|no longer|rather than|switched to|changed to|replaced (?:by|with)|not .{1,40} any ?more|is now|are now|now uses?)/i;

export function isCorrection(text: string): boolean {
  return CORRECTION.test(text);
}

/** Share of the candidate's tokens already present in an existing memory's text. */
export function overlapWith(candidate: string, existing: string): number {
  return overlapRatio(tokenSet(candidate), tokenSet(existing));
}
