import type { Statement } from 'better-sqlite3';
import { bigrams, cjkRuns, latinWords, quoteTerm, STOPWORDS } from '../text/terms.js';
import { LEXICAL_LIMITS, type TermCounts } from './lexical.js';

/**
 * Words that answer questions about the query's words, learned from the
 * store's own questions and answers. People ask and answer in turns ("What
 * pet do you have?", then "a pup and a kitty"), and a later question about
 * pets shares its words with the old question, not with the answer. So for
 * each specific word of a query, the memories that ask a question holding it
 * are found (the newest `perWord`), and the memory after each in its session
 * is taken as its answer. The words most often in those answers, weighed by
 * their own rarity in the store, join the query's vector with `weight` of
 * that (lexical vectors only; a sentence model already places a pet near a
 * dog). Nothing is stored: what is learned changes with what was said.
 *
 * A seed word must be specific: held by fewer than 2,000 memories (the
 * lexical probe, where counts stop) and weighing at least `seedRarity`
 * (ln(1 + memories / holding)² ≥ 6: under about a tenth of the store).
 *
 * LoCoMo's development half, memories tier, turn recall@5: 0.706 without,
 * 0.716 here; 0.712–0.717 for weights 0.3–0.6, 10–20 terms and seeds from
 * a fifth of the store; 0.706 when every term the answers hold is weighed
 * (not only the 60 most held), and 0.716 too when an answer counts once
 * however many words reach it. BEAM's development split lost a current value
 * at the top with every word a seed (41 → 40); with these, 41, and a stale
 * value at the top once instead of twice.
 */
export const ANSWER_TERMS = { seedRarity: 6, perWord: 50, terms: 15, weight: 0.4 };

/** A question mark ending a sentence: a full-width one anywhere (Chinese puts no space after it), a Latin one before a space or the end (not a URL's query string). */
const ASKS = /？|\?(\s|$)/;

/** The terms of a text as the lexical vectors weigh them: Latin words past stopwords and CJK bigrams. */
export function termsOf(text: string): Set<string> {
  const out = new Set(latinWords(text).filter((w) => w.length > 2 && !STOPWORDS.has(w)));
  for (const run of cjkRuns(text)) for (const g of bigrams(run)) if ([...g].length === 2 && !STOPWORDS.has(g)) out.add(g);
  return out;
}

/**
 * Pure: the answers' most telling terms and their weights in the query
 * vector. A term scores the share of answers holding it times its rarity;
 * the asked terms themselves are left out, and of the rest only the
 * 4 × `terms` that most answers hold are weighed: each weight is a count in
 * the index (~40 µs on a small store, up to 2,000 rows on a large one).
 */
export function rankAnswerTerms(answers: string[], asked: ReadonlySet<string>, rarity: (t: string) => number, o = ANSWER_TERMS): Map<string, number> {
  const held = new Map<string, number>();
  for (const a of answers) for (const t of termsOf(a)) if (!asked.has(t)) held.set(t, (held.get(t) ?? 0) + 1);
  // Each term's rarity costs a count in the index: only the terms most answers hold are counted.
  const often = [...held].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 4 * o.terms);
  const weightOf = new Map(often.map(([t]) => [t, rarity(t)]));
  const scored = often.map(([t, n]) => [t, (n / answers.length) * (weightOf.get(t) ?? 0)] as const).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = scored[0]?.[1] ?? 0;
  if (top <= 0) return new Map();
  return new Map(scored.slice(0, o.terms).map(([t, s]) => [t, o.weight * (weightOf.get(t) ?? 0) * (s / top)]));
}

type Row = { id: number; session_id: string | null; text: string };

/** The learned answer terms of a query in this store; empty when nothing was asked about its words. */
export function answerTerms(stmt: (sql: string) => Statement, query: string, rarity: (t: string) => number, counts: TermCounts, o = ANSWER_TERMS): Map<string, number> {
  const asked = termsOf(query);
  // An answer reached from several of the query's words counts once for each: it answers more of the question.
  const answers: string[] = [];
  for (const t of asked) {
    const seen = new Set<number>();
    // rarity() counts the term first, so its count is known here.
    if (rarity(t) < o.seedRarity || (counts.get(quoteTerm(t)) ?? LEXICAL_LIMITS.probe) >= LEXICAL_LIMITS.probe) continue;
    let rows: Row[];
    try {
      rows = stmt(
        'SELECT id, session_id, text FROM memories WHERE id IN (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC LIMIT ?)',
      ).all(quoteTerm(t), o.perWord) as Row[];
    } catch {
      continue;
    }
    for (const r of rows) {
      if (!r.session_id || !ASKS.test(r.text)) continue;
      const after = stmt('SELECT id, text FROM memories WHERE session_id = ? AND id > ? ORDER BY id LIMIT 1').get(r.session_id, r.id) as { id: number; text: string } | undefined;
      if (after && !seen.has(after.id)) {
        seen.add(after.id);
        answers.push(after.text);
      }
    }
  }
  return answers.length ? rankAnswerTerms(answers, asked, rarity, o) : new Map();
}
