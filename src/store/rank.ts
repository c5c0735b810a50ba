/**
 * Hybrid score, pure so it is tested with numbers:
 *
 *   score = W_VECTOR · max(cosine, 0) + W_LEXICAL · (bm25 / best bm25 of the query)
 *
 * bm25 is FTS5's (negated, so higher is better) and is normalised by the
 * best lexical match among this query's candidates, so it lies in [0, 1]
 * like the cosine. A memory from another directory is then multiplied by
 * the cross-directory penalty (0.85 by default).
 */
export const W_VECTOR = 0.6;
export const W_LEXICAL = 0.4;

export function fuse(cosine: number, bm25: number | undefined, bestBm25: number): { score: number; lexical: number } {
  const lexical = bm25 !== undefined && bestBm25 > 0 ? Math.max(0, bm25) / bestBm25 : 0;
  return { score: W_VECTOR * Math.max(cosine, 0) + W_LEXICAL * lexical, lexical };
}

/** True when `dir` is `cwd` or one of its ancestors: the memory belongs here. */
export function isSameOrAncestor(dir: string, cwd: string): boolean {
  if (dir === '' || dir === cwd) return true;
  const withSep = dir.endsWith('/') ? dir : `${dir}/`;
  return cwd.startsWith(withSep);
}

export function applyDirPenalty(score: number, memoryDir: string, cwd: string | undefined, penalty: number): number {
  if (cwd === undefined || isSameOrAncestor(memoryDir, cwd)) return score;
  return score * penalty;
}
