import type { TokenCounter } from './tokens.js';

export interface Ranked<T> {
  item: T;
  /** Higher is more relevant; the least relevant go first when over budget. */
  relevance: number;
}

/**
 * Keeps whole items, most relevant first, while `render(kept)` fits the
 * budget; never cuts an item in the middle. Returns the kept items in
 * their original order. Pure apart from the counter it is given.
 *
 * Items are added greedily by relevance using each item's own token cost
 * (BPE counts are nearly additive across lines), then the real rendered
 * block is counted and the least relevant dropped until it truly fits.
 * That is O(n) counts instead of re-rendering once per dropped item, which
 * matters with thousands of project memories.
 */
const MIN_ITEM_TOKENS = 4;
const MAX_MISSES = 64;

/** `costOf` gives the text one item adds to the block (its line). */
export function fitBudget<T>(items: Ranked<T>[], budget: number, render: (kept: T[]) => string, count: TokenCounter, costOf: (item: T) => string): T[] {
  const frame = count(render([]));
  const byRelevance = items.map((r, i) => ({ ...r, i })).sort((a, b) => b.relevance - a.relevance || b.i - a.i);
  let used = frame;
  const chosen: typeof byRelevance = [];
  let misses = 0;
  for (const r of byRelevance) {
    // Thousands of candidates, a budget that holds tens: once the budget is
    // nearly spent, or many in a row did not fit, the rest will not either.
    if (budget - used < MIN_ITEM_TOKENS || misses >= MAX_MISSES) break;
    const cost = count(costOf(r.item));
    if (used + cost > budget) {
      misses++;
      continue;
    }
    misses = 0;
    used += cost;
    chosen.push(r);
  }
  const inOrder = (): T[] => [...chosen].sort((a, b) => a.i - b.i).map((c) => c.item);
  // chosen is most relevant first: drop from its tail until the real count fits.
  while (chosen.length > 0 && count(render(inOrder())) > budget) chosen.pop();
  return inOrder();
}
