/**
 * The tail of a result list spread across sessions. The first hits stay in
 * score order; after them come the best hits of the sessions that, taken
 * together, answer next best, and then the rest in score order.
 *
 * Why: a question whose answer was said over several sessions ("what does
 * she do to unwind?": running in one, pottery in another) ranks one session's
 * turns first, and the neighbours they lend to (store/neighbours.ts) fill the
 * list from that same session. A session whose several turns each match a
 * little is worth one place in the first ten. LoCoMo's multi-hop questions,
 * every evidence session among the first five: 0.289 → 0.33 in the sketch
 * that chose these numbers (turn recall@5 unchanged: the first five stay).
 *
 * Pure: the callers fetch at least `pool` hits, so the order of the first
 * `limit` never depends on how many were asked for.
 */
export const SESSION_SPREAD = {
  /** Hits kept in score order before any spreading. */
  keep: 5,
  /** The sessions are weighed on this many of the best hits. */
  pool: 20,
  /** A session's nth hit adds decay^n of its score: the first counts most. */
  decay: 0.5,
  /** At most this many sessions are brought forward. */
  sessions: 3,
  /** A session is brought forward only when it weighs this share of the best one. */
  share: 0.3,
} as const;

export type SpreadSettings = { [K in keyof typeof SESSION_SPREAD]: number };

export function spreadSessions<T>(
  ranked: readonly T[],
  sessionOf: (t: T) => string | null,
  scoreOf: (t: T) => number,
  s: SpreadSettings = SESSION_SPREAD,
): T[] {
  if (ranked.length <= s.keep) return [...ranked];
  const pool = ranked.slice(0, s.pool);
  const weight = new Map<string, { sum: number; factor: number }>();
  for (const t of pool) {
    const session = sessionOf(t);
    if (session === null) continue;
    const w = weight.get(session) ?? { sum: 0, factor: 1 };
    weight.set(session, { sum: w.sum + w.factor * Math.max(0, scoreOf(t)), factor: w.factor * s.decay });
  }
  const shown = new Set(ranked.slice(0, s.keep).map(sessionOf));
  const best = Math.max(0, ...[...weight.values()].map((w) => w.sum));
  if (best <= 0) return [...ranked];
  const forward = [...weight]
    .filter(([session, w]) => !shown.has(session) && w.sum >= s.share * best)
    .sort((a, b) => b[1].sum - a[1].sum)
    .slice(0, s.sessions)
    .flatMap(([session]) => {
      const first = pool.findIndex((t, i) => i >= s.keep && sessionOf(t) === session);
      return first >= 0 ? [first] : [];
    });
  const moved = new Set(forward);
  return [...ranked.slice(0, s.keep), ...forward.map((i) => ranked[i] as T), ...ranked.filter((_, i) => i >= s.keep && !moved.has(i))];
}
