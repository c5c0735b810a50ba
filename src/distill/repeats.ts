import { tokenSet } from '../store/terms.js';
import type { Candidate } from '../store/types.js';

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
  const sizes: number[] = [];
  const postings = new Map<string, number[]>();
  for (const c of cs) {
    const tokens = tokenSet(c.text);
    if (!c.explicit && tokens.size > 0) {
      const hits = new Map<number, number>();
      for (const t of tokens) for (const k of postings.get(t) ?? []) hits.set(k, (hits.get(k) ?? 0) + 1);
      let repeat = false;
      for (const [k, n] of hits) {
        if (kept[k]?.type === c.type && n / tokens.size >= REPEAT_CONTAINMENT) {
          repeat = true;
          break;
        }
      }
      if (repeat) continue;
    }
    const index = kept.length;
    kept.push(c);
    sizes.push(tokens.size);
    for (const t of tokens) {
      const list = postings.get(t);
      if (list) list.push(index);
      else postings.set(t, [index]);
    }
  }
  return kept;
}
