import type { TokenCounter } from './tokens.js';

export interface Ranked<T> {
  item: T;
  /** Higher is more relevant; the least relevant go first when over budget. */
  relevance: number;
}

/**
 * Drops whole items, least relevant first, until `render(kept)` fits the
 * budget. Never cuts an item in the middle. Returns the kept items in their
 * original order. Pure apart from the counter it is given.
 */
export function fitBudget<T>(items: Ranked<T>[], budget: number, render: (kept: T[]) => string, count: TokenCounter): T[] {
  let kept = items.map((r, i) => ({ ...r, i }));
  const text = (): string => render(kept.map((k) => k.item));
  while (kept.length > 0 && count(text()) > budget) {
    let worst = 0;
    for (let j = 1; j < kept.length; j++) {
      const a = kept[j];
      const w = kept[worst];
      // Strictly less: on a tie the earlier (older) item goes first, keeping the newest.
      if (a && w && a.relevance < w.relevance) worst = j;
    }
    kept = kept.filter((_, j) => j !== worst);
  }
  return kept.map((k) => k.item);
}
