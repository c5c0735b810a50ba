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

/**
 * dropRepeats one candidate at a time, for candidates that arrive in parts:
 * keep(c) is true when c is not a repeat of a candidate kept before it.
 */
export class RepeatFilter {
  private readonly kept: Candidate[] = [];
  private readonly keptTokens: Array<Set<string>> = [];
  private readonly postings = new Map<string, number[]>();

  keep(c: Candidate): boolean {
    const tokens = tokenSet(c.text);
    if (!c.explicit && tokens.size > 0 && this.isRepeat(c, tokens)) return false;
    const index = this.kept.length;
    this.kept.push(c);
    this.keptTokens.push(tokens);
    for (const t of tokens) {
      const list = this.postings.get(t);
      if (list) list.push(index);
      else this.postings.set(t, [index]);
    }
    return true;
  }

  // An earlier candidate holding 80% of this one's words must hold at least
  // one of its m rarest words, m = (words it may miss) + 1: so only those
  // postings are walked, and common words never make this quadratic.
  private isRepeat(c: Candidate, tokens: Set<string>): boolean {
    const words = [...tokens];
    const mayMiss = Math.floor(words.length * (1 - REPEAT_CONTAINMENT) + 1e-9);
    const rarest = words.sort((a, b) => (this.postings.get(a)?.length ?? 0) - (this.postings.get(b)?.length ?? 0)).slice(0, mayMiss + 1);
    const seen = new Set<number>();
    for (const t of rarest) {
      for (const k of this.postings.get(t) ?? []) {
        if (seen.has(k) || this.kept[k]?.type !== c.type) continue;
        seen.add(k);
        const other = this.keptTokens[k] ?? new Set<string>();
        let inside = 0;
        for (const w of words) if (other.has(w)) inside++;
        if (inside / words.length >= REPEAT_CONTAINMENT) return true;
      }
    }
    return false;
  }
}

export function dropRepeats(cs: Candidate[]): Candidate[] {
  const filter = new RepeatFilter();
  return cs.filter((c) => filter.keep(c));
}
