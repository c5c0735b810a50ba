import { isCorrection, isLowValue, isTooShort, isTrivia, onlyRedacted, overlapWith, redact, MAX_OVERLAP, type Candidate } from '../text/index.js';
import type { MemoryType, WritePolicy, WriteResult } from './types.js';
import { sha256Hex } from '../ids.js';
import { statementOf, type Statement } from '../text/statement.js';

/** A statement of a value is kept from this length (weighted), below the design's 30 for other text. */
const MIN_STATEMENT_CHARS = 12;

/**
 * The write path's decisions, pure so they are tested with values: what the
 * filters make of a candidate, and what dedup does with it given its nearest
 * neighbours. The store only carries the decision out.
 */

/**
 * A supplement keeps the newest merged restatements, up to this many
 * characters: merging is frequent, and an unbounded supplement would make
 * every merge rewrite more text.
 */
export const MAX_SUPPLEMENT_CHARS = 4000;

export function capSupplement(s: string): string {
  if (s.length <= MAX_SUPPLEMENT_CHARS) return s;
  const lines = s.split('\n');
  while (lines.length > 1 && lines.join('\n').length > MAX_SUPPLEMENT_CHARS) lines.shift();
  return lines.join('\n').slice(-MAX_SUPPLEMENT_CHARS);
}

export function contentHash(text: string): string {
  const normal = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return sha256Hex(normal);
}

export interface Screened {
  text: string;
  hash: string;
}

/**
 * A candidate screened and embedded ahead, where it was distilled (a
 * worker thread): the store takes it as it is when the vector is its own
 * embedder's, and screens and embeds it again otherwise.
 */
export interface PreparedCandidate {
  screened: Screened | WriteResult;
  /** Present when screened passed. */
  vector?: Float32Array;
  embedderId: string;
  /** Present when screened passed: the value the screened text states (null: none), found where it was distilled. */
  statement?: Statement | null;
}

/** screenCandidate, then the vector and the statement of what passed, with an embedder that computes in this thread. */
export function prepareCandidate(c: Candidate, policy: Pick<WritePolicy, 'triviaFilter'>, embed: { id: string; vector: (text: string) => Float32Array }): PreparedCandidate {
  const screened = screenCandidate(c, policy);
  if (!('text' in screened)) return { screened, embedderId: embed.id };
  return { screened, vector: embed.vector(screened.text), embedderId: embed.id, statement: c.summary ? null : (statementOf(screened.text) ?? null) };
}

/**
 * Filters, in the design's order (trivia, too short, low value), then
 * redaction, before the store is consulted: a secret never lands in any table.
 */
/** Letters and digits a memory typed on purpose needs at least (a CJK character counts two): "pnpm" or "用 pnpm" passes, "x" does not. */
export const MIN_EXPLICIT_CONTENT = 4;

const contentWeight = (s: string): number => [...s].reduce((n, ch) => n + (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(ch) ? 2 : /[\p{L}\p{N}]/u.test(ch) ? 1 : 0), 0);

export function screenCandidate(c: Candidate, policy: Pick<WritePolicy, 'triviaFilter'>): Screened | WriteResult {
  const raw = c.text.replace(/\r\n?/g, '\n').trim();
  if (!raw) return { action: 'filtered', reason: 'empty' };
  // --force is the person insisting: what they typed is kept, small talk or not (the block's budget still decides what is handed over).
  const insisted = c.explicit === true && c.force === true;
  if (policy.triviaFilter && !insisted && isTrivia(raw)) return { action: 'filtered', reason: 'trivia' };
  // Typed on purpose skips the length filter, not sense: "x" or "ab" says nothing a later session could use, whatever its type.
  if (c.explicit && !insisted && contentWeight(raw) < MIN_EXPLICIT_CONTENT) return { action: 'filtered', reason: 'short' };
  if (!c.explicit) {
    // A value stated of a thing ("The cache is Redis.") stands alone however short; a fragment does not.
    if (isTooShort(raw) && (c.summary || isTooShort(raw, MIN_STATEMENT_CHARS) || !(c.statement !== undefined ? c.statement : statementOf(raw)))) return { action: 'filtered', reason: 'short' };
    if (isLowValue(raw)) return { action: 'filtered', reason: 'low-value' };
  }
  const text = redact(raw);
  // A secret alone is not a memory; where it lives would be.
  if (onlyRedacted(text)) return { action: 'filtered', reason: 'secret' };
  return { text, hash: contentHash(text) };
}

/** An existing memory near the candidate, as dedup sees it. */
export interface NearMemory {
  id: number;
  type: MemoryType;
  text: string;
  supplement: string;
  similarity: number;
  /** Accepted or edited by a person (review): dedup only adds supplements to it. */
  curated?: boolean;
}

export type WriteDecision =
  | { kind: 'update'; target: NearMemory }
  | { kind: 'merge'; target: NearMemory; supplement: string }
  | { kind: 'duplicate'; target: NearMemory }
  | { kind: 'overlap'; target: NearMemory }
  /** An explicit memory that nearly repeats an existing one: refused unless forced. */
  | { kind: 'repeat'; target: NearMemory }
  /** A correction or a newer value: inserted, and the old ones archived as history with a link and the time they stopped being true. */
  | { kind: 'supersede'; targets: NearMemory[] }
  /** A refused or rolled-back proposal: the current memory is confirmed; others of its subject, if any, become history. */
  | { kind: 'confirm'; target: NearMemory; supersede?: NearMemory[] }
  /** A value said before the current one (an old transcript): kept as history of the newer. */
  | { kind: 'historic'; newer: NearMemory }
  | { kind: 'insert'; similarity: number };

/**
 * Numbers and identifiers (ports, versions, paths, snake_case and camelCase
 * names, anything with a digit): two texts that differ in these say
 * different things, however similar the rest of their words.
 */
export function keyTokens(text: string): ReadonlySet<string> {
  const known = keyMemo.get(text);
  if (known) return known;
  const re = /[\p{L}\p{N}_./:-]*\p{N}[\p{L}\p{N}_./:-]*|[A-Za-z][A-Za-z0-9]*(?:[_./-][A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*/gu;
  const keys = new Set((text.match(re) ?? []).map((t) => t.replace(/[.:/-]+$/, '').toLowerCase()).filter(Boolean));
  if (keyMemo.size >= KEY_MEMO_SIZE) keyMemo.clear();
  keyMemo.set(text, keys);
  return keys;
}

/**
 * A batch meets the same few neighbours candidate after candidate: their
 * key tokens are read once (a one-hour log ran this regex 72,000 times on
 * a few hundred texts). Bounded; cleared when full.
 */
const KEY_MEMO_SIZE = 4096;
const keyMemo = new Map<string, ReadonlySet<string>>();

/** Both name numbers or identifiers, and not the same ones (a text that names none differs in none). */
function keysDiffer(ka: ReadonlySet<string>, b: string): boolean {
  const kb = keyTokens(b);
  if (ka.size === 0 || kb.size === 0) return false;
  if (ka.size !== kb.size) return true;
  for (const k of ka) if (!kb.has(k)) return true;
  return false;
}

/** The same words, whatever the case, spacing and punctuation: a re-typed statement. */
function sameWords(a: string, b: string): boolean {
  const words = (t: string): string => t.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, ' ').trim();
  return words(a) === words(b);
}

/**
 * Dedup against the nearest eligible memories (most similar first). For
 * distilled text: at or above the update threshold the existing memory
 * takes the new text; from the merge threshold up it gains a supplement;
 * below that, a new memory, unless it lexically repeats one (a fragment of
 * something known). Neighbours whose numbers or identifiers differ are
 * other statements and are never folded into.
 *
 * What the user asked to keep (explicit) is never folded silently: it
 * updates only a memory with the same words, is refused with the id it
 * repeats when it is nearly the same (unless forced), and is otherwise new.
 */
export function decideWrite(
  text: string,
  near: NearMemory[],
  policy: Pick<WritePolicy, 'update' | 'merge'>,
  o: { explicit?: boolean; force?: boolean; summary?: boolean } = {},
): WriteDecision {
  // A correction ("改成 bun test", "no longer", "instead of") of a memory on
  // the same subject replaces it, whatever its numbers or identifiers say.
  // A session summary quotes what was said and asked: it is never folded
  // into a statement (nor a statement's corrector); only exact repeats stop it.
  if (o.summary) return { kind: 'insert', similarity: near[0]?.similarity ?? 0 };
  const corrected = isCorrection(text) ? near.find((n) => n.similarity >= policy.merge && !sameWords(text, n.text)) : undefined;
  // What a person reviewed is corrected only by a person (an explicit memory); a distilled correction becomes its supplement.
  if (corrected && corrected.curated && !o.explicit) return supplementOf(corrected, text);
  if (corrected) return { kind: 'supersede', targets: [corrected] };
  const keys = keyTokens(text);
  const same = near.filter((n) => !keysDiffer(keys, n.text));
  const best = same[0];
  if (o.explicit) {
    if (best && sameWords(text, best.text)) return { kind: 'update', target: best };
    if (best && best.similarity >= policy.update && !o.force) return { kind: 'repeat', target: best };
    return { kind: 'insert', similarity: near[0]?.similarity ?? 0 };
  }
  if (best && best.similarity >= policy.update && !best.curated) {
    // A near repeat that lacks the numbers and identifiers the memory states would lose them: it joins as a supplement.
    if (keys.size === 0 && keyTokens(best.text).size > 0) return supplementOf(best, text);
    return { kind: 'update', target: best };
  }
  if (best && best.similarity >= policy.merge) return best.curated && sameWords(text, best.text) ? { kind: 'duplicate', target: best } : supplementOf(best, text);
  const repeat = same.find((n) => overlapWith(text, `${n.text}\n${n.supplement}`) > MAX_OVERLAP);
  if (repeat) return { kind: 'overlap', target: repeat };
  return { kind: 'insert', similarity: near[0]?.similarity ?? 0 };
}

/** The text joins the memory's supplement, unless it is already there. */
function supplementOf(target: NearMemory, text: string): WriteDecision {
  if (target.supplement.split('\n').includes(text)) return { kind: 'duplicate', target };
  return { kind: 'merge', target, supplement: capSupplement(target.supplement ? `${target.supplement}\n${text}` : text) };
}
