import { tokenSet } from '../text/index.js';
import type { Candidate } from '../text/index.js';

/**
 * Within one session, a candidate whose content words are nearly all in an
 * earlier candidate of the same type says nothing new: a CLI repeating its
 * answer, a templated status line. Dropping it here, before the store,
 * saves a nearest-neighbour search per repeat. Explicit markers are always
 * kept. Pure.
 */
export const REPEAT_CONTAINMENT = 0.8;

export function dropRepeats(cs: Candidate[]): Candidate[] {
  const kept: Candidate[] = [];
  const keptTokens: Array<Set<string>> = [];
  const postings = new Map<string, number[]>();

  // An earlier candidate holding 80% of this one's words must hold at least
  // one of its m rarest words, m = (words it may miss) + 1: so only those
  // postings are walked, and common words never make this quadratic.
  const isRepeat = (c: Candidate, tokens: Set<string>): boolean => {
    const words = [...tokens];
    const mayMiss = Math.floor(words.length * (1 - REPEAT_CONTAINMENT) + 1e-9);
    const rarest = words.sort((a, b) => (postings.get(a)?.length ?? 0) - (postings.get(b)?.length ?? 0)).slice(0, mayMiss + 1);
    const seen = new Set<number>();
    for (const t of rarest) {
      for (const k of postings.get(t) ?? []) {
        if (seen.has(k) || kept[k]?.type !== c.type) continue;
        seen.add(k);
        const other = keptTokens[k] ?? new Set<string>();
        let inside = 0;
        for (const w of words) if (other.has(w)) inside++;
        if (inside / words.length >= REPEAT_CONTAINMENT) return true;
      }
    }
    return false;
  };
  for (const c of cs) {
    const tokens = tokenSet(c.text);
    if (!c.explicit && tokens.size > 0 && isRepeat(c, tokens)) continue;
    const index = kept.length;
    kept.push(c);
    keptTokens.push(tokens);
    for (const t of tokens) {
      const list = postings.get(t);
      if (list) list.push(index);
      else postings.set(t, [index]);
    }
  }
  return kept;
}
