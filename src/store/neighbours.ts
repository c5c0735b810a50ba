import { bestFirst } from './rank.js';
import type { Hit } from './types.js';

/**
 * What a memory's neighbours in its session borrow from it. A conversation
 * answers in the turn after a question, and a statement's subject is often
 * named a turn away from its detail ("I painted that last year" follows the
 * photo it talks about). So the turns beside a strong hit share a part of
 * its score: the turn after a question most, the others less. A neighbour
 * never loses its own score, and only the strongest hits lend. A hit that
 * asks a question keeps less of its own: it is not its answer.
 */
export interface NeighbourWeights {
  /** The turn after a hit that asks a question. */
  answer: number;
  /** Any other turn right before or after a hit. */
  adjacent: number;
  /** How many of the best hits lend to their neighbours. */
  lenders: number;
  /**
   * A hit that asks a question, against its own score. A question holds the
   * words of a question about it ("What pet do you have?" for "what pet does
   * she have") and none of the answer; the answer, lent most of its score,
   * then ranks above it. LoCoMo's development half, turn recall@5, with
   * the query's words weighed by rarity (query-rarity.ts) to the power 3:
   * 0.696 without this, 0.705 with 0.85, 0.711 with 0.7, 0.705 with
   * 0.6, 0.692 with 0.5; to the power 2 (kept), 0.691 → 0.706.
   *
   * An answer that asks back ("I love sci-fi! What about you?") is an
   * answer: a hit lent a score as the turn after a question keeps all of
   * it. With that, turn recall@5 is 0.707, 0.713, 0.721, 0.718, 0.718 and
   * 0.716 for 0.5, 0.55, 0.6 (this), 0.65, 0.7 and 0.8, and multi-hop
   * session_all@5 0.35–0.36 for 0.5–0.65 against 0.317 at 0.7: fewer
   * questions in the first five leave room for other sessions.
   */
  asking: number;
}

export const NEIGHBOUR_WEIGHTS: NeighbourWeights = { answer: 0.9, adjacent: 0.6, lenders: 3, asking: 0.6 };

/** A question, in either language: ends in a question mark, Latin or full-width. */
export function asksQuestion(text: string): boolean {
  return /[?？]\s*$/.test(text.trim());
}

export interface Neighbours<T> {
  before?: T;
  after?: T;
}

/**
 * Pure: `hits` best first; `around` gives a hit's session neighbours as hits
 * of their own (scored 0 if they were not found). Returns every hit with its
 * score raised where a lender lifts it, best first.
 */
export function lendToNeighbours(hits: Hit[], around: (h: Hit) => Neighbours<Hit>, w: NeighbourWeights = NEIGHBOUR_WEIGHTS): Hit[] {
  const byId = new Map(hits.map((h) => [h.memory.id, h]));
  const raise = (n: Hit | undefined, score: number, answers?: string): void => {
    if (!n) return;
    const had = byId.get(n.memory.id) ?? n;
    if (score > had.score) byId.set(n.memory.id, { ...had, score, lent: true, ...(answers ? { answers } : {}) });
    else if (!byId.has(n.memory.id)) byId.set(n.memory.id, had);
  };
  for (const h of hits.slice(0, w.lenders)) {
    const { before, after } = around(h);
    const question = asksQuestion(h.memory.text);
    raise(after, h.score * (question ? w.answer : w.adjacent), question ? h.memory.id : undefined);
    raise(before, h.score * w.adjacent);
  }
  return [...byId.values()].map((h) => (h.answers === undefined && asksQuestion(h.memory.text) ? { ...h, score: h.score * w.asking } : h)).sort(bestFirst);
}

/** Weight 0.1 over the best three: session_any@1 0.709 → 0.724 on LoCoMo's development half; 0.2 took session_all@5 down (0.831 → 0.800). */
export const SESSION_SUPPORT = { weight: 0.1, others: 3 };

/**
 * Pure: `hits` best first. A session that matches a query in several
 * memories is more likely the one asked about than a session that matches
 * once: each hit gains `weight` × the scores of the best `others` other
 * hits of its own session. A memory outside any session gains nothing.
 * Returns the hits re-sorted, best first.
 */
export function supportFromSession(hits: Hit[], weight: number, others: number): Hit[] {
  const bySession = new Map<string, Hit[]>();
  for (const h of hits) {
    const s = h.memory.sessionId;
    if (!s) continue;
    const list = bySession.get(s);
    if (list) list.push(h);
    else bySession.set(s, [h]);
  }
  const lifted = hits.map((h) => {
    const s = h.memory.sessionId;
    if (!s) return h;
    let support = 0;
    let taken = 0;
    // bySession keeps the best-first order of `hits`.
    for (const o of bySession.get(s) ?? []) {
      if (taken >= others) break;
      if (o.memory.id === h.memory.id) continue;
      support += o.score;
      taken++;
    }
    return support > 0 ? { ...h, score: h.score + weight * support } : h;
  });
  return lifted.sort(bestFirst);
}
