// Scoring for the BEAM bench (shared/eval/beam/README.md), pure so its
// arithmetic is tested on its own (tests/beam-score.test.ts). Evaluation
// logic only: nothing here is built into the product.

/** BEAM's " ->-> 1,1" index suffixes, as convert.mjs strips them. */
export const stripIndex = (s) => String(s ?? '').replace(/[ \t]*->->[ \t]*[\w/]+[ \t]*,[ \t]*[\w/]+/g, '').replace(/[ \t]*->->[ \t]*$/g, '');

/** Lowercased, spaces out, thousands commas out ("1,200 ms" → "1200ms"). */
export function norm(text) {
  return String(text ?? '')
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/\s+/g, '');
}

/** The text after "should state:" (or "mention:", "contain:") in a rubric line; null when none. */
export function expectedOf(rubricLine) {
  const m = /(?:state|mention|contain)s?\s*:\s*(.+)$/i.exec(String(rubricLine ?? ''));
  return m ? m[1].trim().replace(/[.\s]+$/, '') : null;
}

/** Does `text` hold `value`, a number matching on digit boundaries ("12" is not in "120")? */
export function holds(text, value) {
  const t = norm(text);
  const v = norm(value);
  if (!v) return false;
  let from = 0;
  for (;;) {
    const at = t.indexOf(v, from);
    if (at < 0) return false;
    const before = t[at - 1] ?? '';
    const after = t[at + v.length] ?? '';
    const digitEdgeOk = !(/\d/.test(v[0]) && /\d/.test(before)) && !(/\d/.test(v.at(-1)) && /\d/.test(after));
    if (digitEdgeOk) return true;
    from = at + 1;
  }
}

const NUMBER = /\d+(?:[.,]\d+)*/g;

/**
 * The older values a stale hit would state: numbers in the `original_info`
 * message, written with the expected value's unit when it has one ("400ms"
 * for "250ms", "150 commits" for "165 commits"), that are not the current
 * value and are named in the question's `potential_confusion` or `answer`
 * notes when those give numbers. Empty when the expected value has no number
 * (a name or a path): stale@1 is then not scored for that question.
 */
export function staleValuesOf(expected, originalText, notes = '') {
  const m = /^(.*?)(\d+(?:[.,]\d+)*)\s*(\S*)/.exec(expected);
  if (!m) return [];
  const unit = m[3].replace(/[^\p{L}%$]+$/u, '');
  const esc = unit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`(\\d+(?:[.,]\\d+)*)${unit ? `\\s*${esc}` : ''}`, 'gi');
  const found = new Set();
  for (const hit of stripIndex(originalText).matchAll(re)) {
    if (norm(hit[1]) !== norm(m[2])) found.add(unit ? `${hit[1]}${unit}` : hit[1]);
  }
  const noted = [...found].filter((v) => holds(notes, v.match(NUMBER)?.[0] ?? v));
  return noted.length ? noted : [...found];
}

/**
 * The part of a rubric's expected text that the update message states: the
 * whole text when it does ("250ms"), else its first number with the word
 * after it ("165 commits" → "165 commits" or "165"), since rubrics are often
 * sentences ("1GB is the current maxmemory setting for Redis") while the
 * message says only the value. Null when the message holds neither.
 */
export function valueIn(expected, updText) {
  if (holds(updText, expected)) return expected;
  const m = /(\d+(?:[.,:]\d+)*)(\s*[%$\p{L}]+)?/u.exec(expected);
  if (!m) return null;
  const withUnit = `${m[1]}${m[2] ?? ''}`;
  if (m[2] && holds(updText, withUnit)) return withUnit;
  return holds(updText, m[1]) ? m[1] : null;
}

/** A knowledge-update question's labels, or why they are broken. */
export function labelsOf(q, messageById) {
  const expected = (q.rubric ?? []).map(expectedOf).find(Boolean);
  const upd = q.source_chat_ids?.updated_info ?? [];
  const orig = q.source_chat_ids?.original_info ?? [];
  if (!expected) return { broken: 'no expected value in the rubric' };
  if (!upd.length) return { broken: 'no updated_info' };
  if (orig.length && orig.every((id) => upd.includes(id))) return { broken: 'original_info equals updated_info' };
  const updText = upd.map((id) => messageById.get(id) ?? '').join('\n');
  const value = valueIn(expected, updText);
  if (!value) return { broken: `the updated_info message does not hold "${expected}"` };
  const origText = orig.map((id) => messageById.get(id) ?? '').join('\n');
  const stale = staleValuesOf(value, origText, `${q.potential_confusion ?? ''} ${q.answer ?? ''}`).filter((v) => !holds(updText, v) || !holds(origText, value));
  return { expected: value, stale };
}

/** Verdicts for one question: `hits` best first (each with `text`), `block` the injected block. */
export function scoreQuestion(labels, hits, block) {
  const cur = (t) => holds(t, labels.expected);
  const top = hits[0]?.text ?? '';
  return {
    current_at_1: cur(top),
    current_at_3: hits.slice(0, 3).some((h) => cur(h.text)),
    stale_at_1: !cur(top) && labels.stale.some((v) => holds(top, v)),
    block: cur(block),
  };
}

/** An information_extraction answer counts when every rubric part is in the hits' text. */
export function rubricParts(q) {
  return (q.rubric ?? []).map(expectedOf).filter(Boolean);
}
export const answersAll = (parts, text) => parts.length > 0 && parts.every((p) => holds(text, p));

// ---- BM25 over the raw messages: the baseline a user has for free ----

const STOP = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been being am do does did have has had i me my we our you your it its this that these those what which who whom when where why how can could should would will shall may might must not no so than then there their they them he she his her about into over after before up down out just also any some all each more most other such only own same too very s t don now'.split(' '),
);
export const words = (text) => (String(text ?? '').toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w));

/** BM25 (k1 1.2, b 0.75), one document per message; returns documents best first. */
export function bm25(docs, query, k1 = 1.2, b = 0.75) {
  const toks = docs.map(words);
  const avg = toks.reduce((s, t) => s + t.length, 0) / Math.max(1, toks.length);
  const df = new Map();
  for (const t of toks) for (const w of new Set(t)) df.set(w, (df.get(w) ?? 0) + 1);
  const q = [...new Set(words(query))];
  const n = docs.length;
  const scored = toks.map((t, i) => {
    const tf = new Map();
    for (const w of t) tf.set(w, (tf.get(w) ?? 0) + 1);
    let s = 0;
    for (const w of q) {
      const f = tf.get(w);
      if (!f) continue;
      const d = df.get(w);
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      s += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * t.length) / avg));
    }
    return { i, s };
  });
  return scored.filter((x) => x.s > 0).sort((x, y) => y.s - x.s || x.i - y.i).map((x) => docs[x.i]);
}

// ---- Contradictions: a "never" statement and the one that contradicts it ----

const NEGATION = /\b(?:never|haven't|hasn't|have not|has not|not yet|no prior|first time)\b/i;
/** Words of the rubric's frame around the statement ("you said you have …"), not of the statement. */
const FRAME = new Set(['said', 'mentioned', 'also', 'told', 'stated', 'never', 'haven', 'hasn', 'yet', 'prior', 'first', 'time']);
const contentWords = (text) => [...new Set(words(text).filter((w) => !FRAME.has(w)))];
const numbersOf = (text) => String(text ?? '').match(/\d+(?:[.,]\d+)?/g) ?? [];
const sentencesOf = (text) => String(text ?? '').split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter(Boolean);

/** The rubric's two clauses: the one naming "never", and the other statement (not the "which is correct" lines). */
export function contradictionClauses(q) {
  const items = (q.rubric ?? []).map(expectedOf).filter(Boolean);
  const negative = items.find((x) => /\bnever\b/i.test(x));
  const positive = items.find((x) => x !== negative && !/contradict|which statement|clarif|which (?:one|is)/i.test(x));
  return negative && positive ? { negative, positive } : null;
}

/**
 * Locates both statements (README: among the user messages of
 * source_chat_ids first, then the whole conversation): the negative one a
 * sentence with a negation cue sharing half the clause's content words, the
 * affirmative one a sentence without a cue sharing half of them and holding
 * the clause's numbers. null when either cannot be found.
 */
export function locateContradiction(q, messages) {
  const clauses = contradictionClauses(q);
  if (!clauses) return null;
  const ids = new Set(Object.values(q.source_chat_ids ?? {}).flat());
  const pools = [messages.filter((m) => ids.has(m.id) && m.role === 'user'), messages];
  const find = (clause, negated) => {
    const want = contentWords(clause);
    const nums = numbersOf(clause);
    for (const pool of pools) {
      for (const m of pool) {
        for (const s of sentencesOf(m.content)) {
          if (NEGATION.test(s) !== negated) continue;
          const have = new Set(words(s));
          if (want.filter((w) => have.has(w)).length * 2 < want.length) continue;
          if (!negated && !nums.every((n) => holds(s, n))) continue;
          return s;
        }
      }
    }
    return null;
  };
  const negative = find(clauses.negative, true);
  const positive = find(clauses.positive, false);
  return negative && positive ? { negative, positive } : null;
}

/** A hit holds a statement when it holds its words (the negative one with its cue). */
export const holdsStatement = (text, statement) => norm(text).includes(norm(statement));

/** Both statements among the hits, each in a hit of its own. */
export function foundBoth(found, texts) {
  const neg = texts.findIndex((t) => holdsStatement(t, found.negative));
  if (neg < 0) return false;
  return texts.some((t, i) => i !== neg && holdsStatement(t, found.positive)) || texts.filter((t) => holdsStatement(t, found.positive)).length > 1;
}
