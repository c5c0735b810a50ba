/**
 * Memories and what was said, in one list (query's fall-through), pure.
 *
 * Each tier keeps its own order (the hybrid search's for memories, rank.ts's
 * for passages) and the two are merged. A passage that holds a memory's
 * whole text says what the memory says (the memory was distilled from it)
 * and is left out. Otherwise each candidate is weighed on one scale: how
 * much of the question it holds (termCover) plus how much of it sits next to
 * a value (frameCover), with the episode index's term weights, a memory
 * getting MEMORY_EDGE. A passage goes before a memory when it weighs more,
 * or when it is newer and states the question's frame as fully (rank.ts's
 * ties): a stale value must not outrank the current one because the link
 * between them was missed when they were written.
 *
 * Measured through the CLI, BEAM's 51 knowledge-update questions (current
 * at 1 / in the top 3 / stale at 1, information extraction) against the
 * coding-session recall's type accuracy (a passage ahead of the memory that
 * holds the same answer has no type): MEMORY_EDGE 0.15 with every passage
 * 22/39/18, 17/60, recall types 25/34; MEMORY_EDGE 0.5 22/38/20, 14/60,
 * 31/34; a memory holding 60 % of the question never passed 21/39/17,
 * 17/60, 27/34; passages holding a memory's text left out (this) 21/38/17,
 * 15/60, 33/34. One or two questions either way is noise on BEAM's 51.
 */
import { FRAME_TIE, frameTerms, SCORE_TIE, supersede, W_CONTRA, weighText } from './rank.js';
import { askedSlots, askedValues, contradictsAsked, type ValueSlot } from './value-slots.js';

export const MEMORY_EDGE = 0.15;
/** A memory this long or longer, held whole by a passage, stands for that passage. */
const MIN_HELD_CHARS = 20;
const flat = (t: string): string => t.replace(/\s+/g, ' ').trim().toLowerCase();

export interface Tiered<M, S> {
  kind: 'memory' | 'said';
  /** Who said it, for a passage (a memory has none: what it holds was kept as stated). */
  role?: string;
  item: M | S;
  text: string;
  at: number;
  strength: number;
}

export function mergeTiers<M, S>(
  question: string,
  memories: Array<{ item: M; text: string; at: number; score?: number; lent?: boolean }>,
  said: Array<{ item: S; text: string; at: number; role?: string; id?: number; replaces?: number }>,
  weight: (term: string) => number,
  limit: number,
): Array<Tiered<M, S>> {
  const terms = frameTerms(question);
  const askedUnits = askedSlots(question);
  const weigh = <T>(kind: 'memory' | 'said', x: { item: T; text: string; at: number; role?: string }) => {
    // Each text is read once: its slots serve the merge's weights and the newest-wins pass after it.
    const { slots, frame, cover } = weighText(x.text, terms, weight);
    const contra = contradictsAsked(slots, askedUnits) ? W_CONTRA : 0;
    return { kind, ...x, slots, frame, cover, strength: cover + frame + (kind === 'memory' ? MEMORY_EDGE : 0) - contra };
  };
  const ms0 = memories.map((m) => weigh('memory', m));
  // The turn after a question answers it, often in none of its words, and a detail sits a turn away from
  // its subject: a memory the memory ranker lifted from a session neighbour (store/neighbours.ts) keeps,
  // against passages, its weight relative to the first. LoCoMo's query tier, turn recall@5: 0.636 without
  // this, 0.668 for the answers to questions alone, 0.672 for every lent memory; BEAM unchanged.
  // The first memory that ranks by its own words sets the scale: a lent memory may rank first itself.
  const own = Math.max(0, memories.findIndex((m) => m.lent !== true));
  const first = ms0[own];
  const firstScore = memories[own]?.score ?? 0;
  const ms = ms0.map((m, i) => {
    const x = memories[i];
    if (!first || firstScore <= 0 || !x?.lent || x.score === undefined) return m;
    return { ...m, strength: Math.max(m.strength, first.strength * Math.min(1, x.score / firstScore)) };
  });
  // A passage that holds a memory's whole text says what the memory says (the memory was distilled from it): the memory stands for it.
  const kept = memories.map((m) => flat(m.text)).filter((t) => t.length >= MIN_HELD_CHARS);
  const weighed = said.map((s) => weigh('said', s));
  const ss = inherit(weighed).filter((s) => {
    const whole = flat(s.text);
    return !kept.some((t) => whole.includes(t));
  });
  // Each tier keeps its own order (the hybrid search's for memories, rank.ts's for passages); the two are merged.
  const out: Array<Tiered<M, S> & { slots: ValueSlot[] }> = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < ms.length || j < ss.length)) {
    const m = ms[i];
    const p = ss[j];
    const passageFirst = !m || (p !== undefined && (p.strength > m.strength || states(p, m)));
    const next = passageFirst ? p : m;
    if (!next) break;
    if (passageFirst) j++;
    else i++;
    out.push({ kind: next.kind, item: next.item as M | S, text: next.text, at: next.at, strength: next.strength, slots: next.slots, ...(next.role ? { role: next.role } : {}) });
  }
  // Newest wins across the tiers too: a memory that holds the changed value replaces the passage that held the old one.
  return supersede(out, askedValues(question), weight, askedUnits).map(({ slots: _slots, ...o }) => o);
}

/**
 * A passage the passage tier put ahead of an older value (rank.ts supersede)
 * answers at least as well as that value did: it weighs as much, along the
 * chain of changes, so the merge keeps the tier's order against memories.
 */
function inherit<T extends { id?: number; replaces?: number; strength: number }>(said: T[]): T[] {
  const byId = new Map(said.flatMap((s) => (s.id !== undefined ? [[s.id, s] as const] : [])));
  const strengthOf = (s: T, depth: number): number => {
    const old = s.replaces !== undefined ? byId.get(s.replaces) : undefined;
    return old && depth < 4 ? Math.max(s.strength, strengthOf(old, depth + 1)) : s.strength;
  };
  return said.map((s) => (s.replaces !== undefined ? { ...s, strength: strengthOf(s, 0) } : s));
}

/** A newer passage that states the question's frame as fully as the memory and answers nearly as well (rank.ts's ties): the newer value. */
function states(p: { frame: number; strength: number; at: number }, m: { frame: number; strength: number; at: number }): boolean {
  return p.at > m.at && p.frame > 0 && p.frame >= m.frame - FRAME_TIE && p.strength >= SCORE_TIE * m.strength;
}

/**
 * Newest wins among hits of one subject: where two hits state values of the
 * same subject (its normalised key), the newer takes the place of the
 * first-ranked one, and the older follows. Order is otherwise kept. This
 * holds when the write-time link was missed (both still current).
 */
export function newestPerSubject<T>(hits: T[], keyOf: (h: T) => string | null, atOf: (h: T) => number): T[] {
  const bySubject = new Map<string, T[]>();
  for (const h of hits) {
    const k = keyOf(h);
    if (k) bySubject.set(k, [...(bySubject.get(k) ?? []), h]);
  }
  if ([...bySubject.values()].every((g) => g.length < 2)) return hits;
  const queues = new Map([...bySubject].map(([k, g]) => [k, [...g].sort((a, b) => atOf(b) - atOf(a))]));
  return hits.map((h) => {
    const k = keyOf(h);
    return k ? ((queues.get(k)?.shift() as T | undefined) ?? h) : h;
  });
}
