/**
 * A copy is no newer than its original. People paste their earlier words
 * back ("I'm anxious about holiday spending, since I capped my gifts budget
 * at $400 total" months after raising it to $450); a passage that states a
 * value in the words an earlier passage used for it says nothing new about
 * it, so for newest-wins it counts as said when, and where, it first was.
 * Pure, so it is tested with values.
 */
import type { Token, ValueSlot } from './value-slots.js';

/** How many terms before a value pin it in its words ("capped my gifts budget at" $400). */
export const PHRASE_TERMS = 4;

/** Each value of a text with the terms just before it, as one key. */
export function valuePhrases(toks: Token[], slots: ValueSlot[]): string[] {
  return slots.flatMap((s) => {
    if (s.at < PHRASE_TERMS) return [];
    const before = toks.slice(s.at - PHRASE_TERMS, s.at).map((t) => t.term);
    return [`${before.join(' ')} ${s.value}`];
  });
}

/**
 * Each item with the time and session of the earliest item that states one
 * of its values in the same words; an item nothing earlier repeats keeps its
 * own.
 */
export function asFirstSaid<T extends { at: number; session?: string; phrases: string[] }>(items: T[]): T[] {
  const first = new Map<string, { at: number; session?: string }>();
  for (const it of [...items].sort((a, b) => a.at - b.at)) {
    for (const p of it.phrases) if (!first.has(p)) first.set(p, it.session !== undefined ? { at: it.at, session: it.session } : { at: it.at });
  }
  return items.map((it) => {
    const earliest = it.phrases.map((p) => first.get(p)).reduce<{ at: number; session?: string } | undefined>((e, f) => (f && f.at < (e?.at ?? it.at) ? f : e), undefined);
    if (!earliest) return it;
    const { session: _own, ...rest } = it;
    return { ...rest, at: earliest.at, ...(earliest.session !== undefined ? { session: earliest.session } : {}) } as T;
  });
}
