/**
 * A block's token count as a sum of its pieces, so a launch that must
 * rebuild the block can count it from counts stored earlier, without
 * loading the tokenizer (~100 ms).
 *
 * Why the sum is exact: cl100k's pre-tokenizer never makes a chunk that
 * spans a newline into a line that is not blank (its newline rules take
 * only whitespace before and newlines after), and BPE merges only inside
 * a chunk. So a text of non-blank lines counts as the sum of its lines,
 * each with its newline; and an item's `12.` prefix (digits, then a dot
 * before a space) is a chunk boundary too, so a line moved to another
 * index keeps the count of the rest of it. A text with a blank line is
 * one piece. The property test holds this against the real tokenizer.
 */
export function tokenPieces(text: string): string[] {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  if (lines.some((l) => l.trim() === '')) return text ? [text] : [];
  const pieces: string[] = [];
  for (const line of lines) {
    const prefix = /^\d+\.(?= )/.exec(line)?.[0];
    if (prefix) pieces.push(prefix, line.slice(prefix.length));
    else pieces.push(line);
  }
  return pieces;
}

export interface CountMemo {
  get(piece: string): number | undefined;
  set(piece: string, tokens: number): void;
}

/**
 * A counter over pieces. With `exact` (the real tokenizer) every piece is
 * counted and remembered. Without it, a piece not in the memo counts as
 * its UTF-8 length, which is never less than its tokens (every token is at
 * least one byte): a budget met with those counts is met for real, and
 * `exact()` says whether the figure is the true count.
 */
export function piecewiseCounter(memo: CountMemo, exact?: (text: string) => number): { count: (text: string) => number; exact: () => boolean } {
  let guessed = false;
  // A block is counted line by line several times while it is fitted: each
  // piece is looked up (hashed, for a file memo) once per counter.
  const seen = new Map<string, number>();
  const count = (text: string): number => {
    let total = 0;
    for (const piece of tokenPieces(text)) {
      const known = seen.get(piece);
      if (known !== undefined) {
        total += known;
        continue;
      }
      let n = memo.get(piece);
      if (n === undefined && exact) {
        n = exact(piece);
        memo.set(piece, n);
      }
      if (n === undefined) {
        guessed = true;
        n = Buffer.byteLength(piece);
      }
      seen.set(piece, n);
      total += n;
    }
    return total;
  };
  return { count, exact: () => !guessed };
}
