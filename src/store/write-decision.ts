import { createHash } from 'node:crypto';
import { isLowValue, isTooShort, isTrivia, onlyRedacted, overlapWith, redact, MAX_OVERLAP, type Candidate } from '../text/index.js';
import type { MemoryType, WritePolicy, WriteResult } from './types.js';

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
  return createHash('sha256').update(normal).digest('hex');
}

export interface Screened {
  text: string;
  hash: string;
}

/**
 * Filters, in the design's order (trivia, too short, low value), then
 * redaction, before the store is consulted: a secret never lands in any table.
 */
export function screenCandidate(c: Candidate, policy: Pick<WritePolicy, 'triviaFilter'>): Screened | WriteResult {
  const raw = c.text.replace(/\r\n?/g, '\n').trim();
  if (!raw) return { action: 'filtered', reason: 'empty' };
  if (policy.triviaFilter && isTrivia(raw)) return { action: 'filtered', reason: 'trivia' };
  if (!c.explicit) {
    if (isTooShort(raw)) return { action: 'filtered', reason: 'short' };
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
}

export type WriteDecision =
  | { kind: 'update'; target: NearMemory }
  | { kind: 'merge'; target: NearMemory; supplement: string }
  | { kind: 'duplicate'; target: NearMemory }
  | { kind: 'overlap'; target: NearMemory }
  | { kind: 'insert'; similarity: number };

/**
 * Dedup against the nearest eligible memories (most similar first):
 * at or above the update threshold the existing memory takes the new text;
 * from the merge threshold up it gains a supplement; below that, a new
 * memory, unless it lexically repeats one (a fragment of something known).
 */
export function decideWrite(text: string, near: NearMemory[], policy: Pick<WritePolicy, 'update' | 'merge'>): WriteDecision {
  const best = near[0];
  if (best && best.similarity >= policy.update) return { kind: 'update', target: best };
  if (best && best.similarity >= policy.merge) {
    if (best.supplement.split('\n').includes(text)) return { kind: 'duplicate', target: best };
    return { kind: 'merge', target: best, supplement: capSupplement(best.supplement ? `${best.supplement}\n${text}` : text) };
  }
  const repeat = near.find((n) => overlapWith(text, `${n.text}\n${n.supplement}`) > MAX_OVERLAP);
  if (repeat) return { kind: 'overlap', target: repeat };
  return { kind: 'insert', similarity: best?.similarity ?? 0 };
}
