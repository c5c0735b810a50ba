import { inSpan, type TimeSpan } from '../text/time-span.js';
import type { Hit } from './types.js';

/**
 * Hybrid score, pure so it is tested with numbers:
 *
 *   score = W_VECTOR · max(cosine, 0) + W_LEXICAL · (bm25 / best bm25 of the query)
 *
 * bm25 is FTS5's (negated, so higher is better) and is normalised by the
 * best lexical match among this query's candidates, so it lies in [0, 1]
 * like the cosine. A memory written when the query says is then multiplied
 * by TIME_MATCH_FACTOR, and one from another directory by the
 * cross-directory penalty (0.85 by default).
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

/**
 * A memory written on the day, month or year a query names scores this many
 * times its match ("what did we decide on 2026-11-03", "6月的发布"): what
 * was said then most often answers a question about then. On LoCoMo's
 * development half (116 of 999 questions name a date) ×2 took
 * session_any@1 from 0.680 to 0.709 and turn_recall@5 from 0.656 to 0.679;
 * ×1.5 gave 0.705, ×3 0.711.
 */
export const TIME_MATCH_FACTOR = 2;

/** The score of a memory written at `createdAt`, for a query that names `span` (text/time-span.ts), if any. */
export function applyTimeMatch(score: number, createdAt: number, span: TimeSpan | undefined): number {
  return span && inSpan(createdAt, span) ? score * TIME_MATCH_FACTOR : score;
}

/** Hits best first; on a tie the newer memory first. */
export const bestFirst = (a: Hit, b: Hit): number => b.score - a.score || b.memory.createdAt - a.memory.createdAt;

export function applyDirPenalty(score: number, memoryDir: string, cwd: string | undefined, penalty: number): number {
  if (cwd === undefined || isSameOrAncestor(memoryDir, cwd)) return score;
  return score * penalty;
}
