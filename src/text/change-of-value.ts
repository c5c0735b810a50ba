/**
 * A change said by its two values, with no subject named: "we switched from
 * pnpm to bun for installs", "把 pnpm 换成了 bun", "Jest → Vitest". Which
 * subject changed is what the store already holds: the one whose current
 * value is the old one (store/batch-writer.ts asks its subject index). The
 * shapes here only say "from A to B"; no list of tools or subjects is
 * needed, and a sentence whose old value the store does not hold states
 * nothing. Pure, so it is tested with values.
 */
import { cutValue } from './statement.js';
import { STOPWORDS } from './terms.js';
import { isTentative } from './statement-tools.js';
import { refusesInEnglish } from './statement-en.js';
import { CHANGE_VERBS, refusesInChinese } from './statement-zh.js';

export interface ChangeOfValue {
  from: string;
  to: string;
}

/** A value as such sentences name one: a token or a few (pnpm, Node 20, redis://cache:6379). */
const TOKEN = String.raw`[\p{L}\p{N}_@$./:+#~-]+`;
const WORDS_EN = String.raw`${TOKEN}(?:[ \t]+${TOKEN}){0,2}?`;
/** What it became: up to four tokens, cut below at the first function word ("bun for installs"). */
const TO_EN = String.raw`(${TOKEN}(?:[ \t]+${TOKEN}){0,3})`;
/** In Chinese prose both values are Latin or numeric tokens: a Chinese phrase there is a clause. */
const LATIN = String.raw`[A-Za-z0-9_@$./:+#~-]+(?:[ \t]+[A-Za-z0-9_@$./:+#~-]+){0,2}`;

const SHAPES: RegExp[] = [
  // from pnpm to bun / moved CI from Jenkins over to GitHub Actions
  new RegExp(String.raw`\bfrom[ \t]+(${WORDS_EN})[ \t]+(?:over[ \t]+)?(?:to|onto|into)[ \t]+${TO_EN}`, 'iu'),
  // replaced Jest with Vitest / swapped npm for pnpm
  new RegExp(String.raw`\b(?:replaced?|replacing|swapped?|swapping|switched|traded)[ \t]+(${WORDS_EN})[ \t]+(?:with|for|by)[ \t]+${TO_EN}`, 'iu'),
  // Jest → Vitest
  new RegExp(String.raw`(?:^|[\s(:：])(${TOKEN})[ \t]*(?:→|->|=>|⇒)[ \t]*${TO_EN}`, 'u'),
  // 从 pnpm 换成 bun / 把 pnpm 换成了 bun / pnpm 换成 bun 了
  new RegExp(String.raw`(${LATIN})[ \t]*(?:${CHANGE_VERBS})了?[ \t]*(${LATIN})`, 'u'),
];

/** The value named, without the words that follow it in its clause ("Vitest in all packages"). */
function valueFrom(raw: string): string {
  const tokens = raw.trim().split(/[ \t]+/);
  const end = tokens.findIndex((t, i) => i > 0 && STOPWORDS.has(t.toLowerCase()));
  return cutValue((end < 0 ? tokens : tokens.slice(0, end)).join(' ')).replace(/[.:]+$/u, '');
}

/** Cheap gate: most sentences name no change at all. */
const CUE = new RegExp(String.raw`\bfrom\b|replac|swap|switched|traded|→|->|=>|⇒|${CHANGE_VERBS}`, 'iu');

/**
 * The change a sentence states by its two values, if it states one as done:
 * a negated, conditional or proposed change ("we might move from pnpm to
 * bun", "没有从 pnpm 换成 bun"), or one turned down, changes nothing.
 */
export function changeOfValue(sentence: string): ChangeOfValue | undefined {
  if (!CUE.test(sentence)) return undefined;
  for (const shape of SHAPES) {
    const m = shape.exec(sentence);
    if (!m) continue;
    const from = valueFrom(m[1] ?? '');
    const to = valueFrom(m[2] ?? '');
    if (!from || !to || from.toLowerCase() === to.toLowerCase() || !/[\p{L}\p{N}]/u.test(from) || !/[\p{L}\p{N}]/u.test(to)) continue;
    const upTo = sentence.slice(0, m.index + m[0].length);
    if (isTentative(upTo) || refusesInEnglish(sentence) || refusesInChinese(sentence)) return undefined;
    return { from, to };
  }
  return undefined;
}
