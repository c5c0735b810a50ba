import type { Hit } from './types.js';

/**
 * What a memory's neighbours in its session borrow from it. A conversation
 * answers in the turn after a question, and a statement's subject is often
 * named a turn away from its detail ("I painted that last year" follows the
 * photo it talks about). So the turns beside a strong hit share a part of
 * its score: the turn after a question most, the others less. A neighbour
 * never loses its own score, and only the strongest hits lend.
 */
export interface NeighbourWeights {
  /** The turn after a hit that asks a question. */
  answer: number;
  /** Any other turn right before or after a hit. */
  adjacent: number;
  /** How many of the best hits lend to their neighbours. */
  lenders: number;
}

export const NEIGHBOUR_WEIGHTS: NeighbourWeights = { answer: 0.9, adjacent: 0.6, lenders: 3 };

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
    if (score > had.score) byId.set(n.memory.id, { ...had, score, ...(answers ? { answers } : {}) });
    else if (!byId.has(n.memory.id)) byId.set(n.memory.id, had);
  };
  for (const h of hits.slice(0, w.lenders)) {
    const { before, after } = around(h);
    const question = asksQuestion(h.memory.text);
    raise(after, h.score * (question ? w.answer : w.adjacent), question ? h.memory.id : undefined);
    raise(before, h.score * w.adjacent);
  }
  return [...byId.values()].sort((a, b) => b.score - a.score || b.memory.createdAt - a.memory.createdAt);
}
