import { matchSubjects, sameValue, type SubjectMatch } from '../text/subject-key.js';
import type { Statement } from '../text/statement.js';
import { holdsNumber, ledByNumber } from '../text/value-shape.js';
import type { NearMemory, WriteDecision } from './write-decision.js';

/**
 * Memory over time, pure: what a statement of a value does to the current
 * memories of its subject. A new value supersedes the old (kept as history,
 * with the time it stopped being true), whatever words say it; the same
 * value said again is folded or kept by the usual dedup among the memories
 * that say it; a refused or rolled-back proposal confirms the current one. A subject that only may be the same (one word inside a
 * longer subject) changes nothing: both are kept, and the block notes the
 * disagreement.
 */

/** A current memory of the same or a possibly same subject. */
export interface SubjectPeer extends NearMemory {
  value: string;
  match: SubjectMatch;
  createdAt: number;
  /** When a person accepted or edited it; null while pending review. */
  reviewedAt: number | null;
}

export interface StatementContext {
  /** When the statement was made (an imported transcript can be older than what the store holds). */
  createdAt: number;
  /** The user asked for it (`remember`, a marker). */
  explicit?: boolean;
  force?: boolean;
}

const newest = (ps: SubjectPeer[]): SubjectPeer | undefined => [...ps].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0];

/**
 * The decision for a statement, or undefined for the usual dedup (among
 * `foldable` neighbours): when its subject has no current memory, or when
 * it says the value the current memory says.
 */
export function decideByStatement(st: Statement, peers: SubjectPeer[], c: StatementContext): WriteDecision | undefined {
  const same = peers.filter((p) => p.match === 'same');
  if (st.stance === 'reject' && !st.value) {
    // "We decided against us-east-1": the current value stands; with none known it is an episode (what was refused, once).
    const current = newest(same);
    return current ? { kind: 'confirm', target: current } : undefined;
  }
  const agreeing = same.filter((p) => sameValue(p.value, st.value));
  const differing = same.filter((p) => !sameValue(p.value, st.value));
  // Said before a value the store already holds (an old transcript imported late): history, not current.
  const later = newest(differing.filter((p) => p.createdAt > c.createdAt));
  if (later && !agreeing.some((p) => p.createdAt > c.createdAt)) return { kind: 'historic', newer: later };
  // What a person reviewed yields only to a statement made after the review.
  const replaceable = differing.filter((p) => !p.curated || p.reviewedAt === null || c.createdAt > p.reviewedAt);
  const current = newest(agreeing);
  if (current) {
    if (st.stance === 'reject') return { kind: 'confirm', target: current, ...(replaceable.length ? { supersede: replaceable } : {}) };
    // The user restating a value in other words: refused as a near repeat, unless forced.
    if (c.explicit && !c.force) return { kind: 'repeat', target: current };
    // The same value said again, with another value of the subject still current beside it (kept then, a curated one): this one settles it.
    if (replaceable.length) return { kind: 'supersede', targets: replaceable };
    // Otherwise the usual dedup decides, among the memories that say this value (foldable): a
    // restatement in near the same words updates or joins one; one in other words, or with more
    // in it, is a memory of its own. Either way nothing true is lost, and nothing stale is current.
    return undefined;
  }
  if (replaceable.length) return { kind: 'supersede', targets: replaceable };
  // A value nobody held yet, or a curated one stands beside it: a new memory.
  return same.length ? { kind: 'insert', similarity: 0 } : undefined;
}

/**
 * A value led by a number ("3 failures today", "3x faster") said of a
 * subject whose current values hold no digit ("pytest -q", "snake_case"):
 * a count or a comparison of something about it, not its new value. The
 * store's own values decide the subject's shape (text/frame-match.ts
 * holdsNumber, as the learned frame does); a subject held as a number takes
 * any number, and one held in words takes any words.
 */
export function countsSomethingElse(st: Statement, peers: SubjectPeer[]): boolean {
  const same = peers.filter((p) => p.match === 'same');
  return ledByNumber(st.value) && same.length > 0 && same.every((p) => p.value !== '' && !holdsNumber(p.value));
}

/**
 * Neighbours the usual dedup may fold a statement into: none that states
 * another subject or another value (the same subject was decided above;
 * another subject, or only possibly the same, is another memory), and
 * those that state the same value of the same subject.
 */
export function foldable(near: NearMemory[], stated: (id: number) => { key: string | null; value: string | null } | undefined, st: Statement | undefined): NearMemory[] {
  if (!st) return near;
  return near.filter((n) => {
    const s = stated(n.id);
    if (!s?.key) return true;
    return matchSubjects(s.key, st.key) === 'same' && sameValue(s.value ?? '', st.value);
  });
}
