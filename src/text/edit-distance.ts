/** Levenshtein distance, for "did you mean" hints on mistyped names. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j] ?? 0;
      row[j] = Math.min(cur + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length] ?? 0;
}

/**
 * The closest of `names` to `word`, when it is close enough to be a typo or
 * a shortened name: within `maxDistance` edits, or 40% of the longer name.
 */
export function closest(word: string, names: string[], maxDistance?: number): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const name of names) {
    const d = editDistance(word, name);
    const limit = maxDistance ?? Math.max(2, Math.floor(0.4 * Math.max(word.length, name.length)));
    if (d <= limit && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}
