import { VECTOR_DIMS, normalize, type Embedder, type Thresholds } from './embedder.js';
import { bigrams, cjkRuns, latinWords, STOPWORDS } from '../../text/terms.js';

/**
 * The built-in embedder: hashed lexical features in 384 dimensions, used
 * when no sentence model is present. Features are Latin words (lightly
 * stemmed), adjacent word pairs (some word order), their character trigrams
 * (so "configure" and "config" meet), and CJK characters and bigrams
 * (Chinese has no spaces to split on).
 */
export const LEXICAL_EMBEDDER_ID = 'lexical-v1';

/**
 * Calibrated with bench/calibrate-thresholds.mjs on built-in labelled pairs
 * in zh and en (last run: restated 0.92–1.00, paraphrase 0.55–0.89, related
 * 0.15–0.41, unrelated −0.07–0.03; fused query score of the relevant memory
 * ≥ 0.52, best other memory mean 0.23). update sits between paraphrase and
 * restated; merge above the highest related pair with a margin (a wrong
 * merge costs more than a missed one); retrieval between relevant and other.
 */
export const LEXICAL_THRESHOLDS: Thresholds = { update: 0.9, merge: 0.5, retrieval: 0.38 };

const WEIGHTS = { word: 1, trigram: 0.35, cjkChar: 0.4, cjkBigram: 1, pair: 0.5 } as const;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('es')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

function add(v: Float32Array, feature: string, weight: number): void {
  const h = fnv1a(feature);
  const sign = (h & 0x80000000) !== 0 ? -1 : 1;
  const i = h % VECTOR_DIMS;
  v[i] = (v[i] ?? 0) + sign * weight;
}

/**
 * Pure and synchronous; the Embedder wrapper is async only to share the
 * interface. `weightOf` weighs each word (a Latin word as written, a CJK
 * bigram) for a query: a search weighs them by their rarity in the store
 * (store/query-rarity.ts); memories are written unweighted. `extra` adds
 * weighted single terms (a query's learned answer words, store/answer-terms.ts).
 */
export function lexicalVector(text: string, weightOf?: (term: string) => number, extra?: ReadonlyMap<string, number>): Float32Array {
  const v = new Float32Array(VECTOR_DIMS);
  let prevWeight = 1;
  let prev: string | undefined;
  for (const raw of latinWords(text)) {
    // Function words say nothing about the topic; as features they only make
    // unrelated sentences look alike.
    if (STOPWORDS.has(raw)) continue;
    const w = stem(raw);
    const k = weightOf ? weightOf(raw) : 1;
    if (prev) add(v, `p:${prev} ${w}`, WEIGHTS.pair * Math.min(k, prevWeight));
    prev = w;
    prevWeight = k;
    add(v, `w:${w}`, WEIGHTS.word * k);
    const padded = `<${w}>`;
    for (let i = 0; i + 3 <= padded.length; i++) add(v, `t:${padded.slice(i, i + 3)}`, WEIGHTS.trigram * k);
  }
  for (const run of cjkRuns(text)) {
    for (const ch of run) add(v, `c:${ch}`, WEIGHTS.cjkChar);
    if ([...run].length >= 2) for (const g of bigrams(run)) add(v, `b:${g}`, WEIGHTS.cjkBigram * (weightOf ? weightOf(g) : 1));
  }
  // Terms added to a query (store/answer-terms.ts) are single words, each with its own weight: no word pairs.
  for (const [term, weight] of extra ?? []) {
    if (cjkRuns(term).length > 0) {
      add(v, `b:${term}`, WEIGHTS.cjkBigram * weight);
      continue;
    }
    const w = stem(term);
    add(v, `w:${w}`, WEIGHTS.word * weight);
    const padded = `<${w}>`;
    for (let i = 0; i + 3 <= padded.length; i++) add(v, `t:${padded.slice(i, i + 3)}`, WEIGHTS.trigram * weight);
  }
  // Sublinear term frequency: a word said ten times is not ten times the topic.
  for (let i = 0; i < v.length; i++) {
    const x = v[i] ?? 0;
    v[i] = Math.sign(x) * Math.log1p(Math.abs(x));
  }
  return normalize(v);
}

export class LexicalEmbedder implements Embedder {
  readonly id = LEXICAL_EMBEDDER_ID;
  readonly dims = VECTOR_DIMS;
  readonly thresholds = LEXICAL_THRESHOLDS;
  readonly inline = true;

  embed(texts: string[]): Promise<Float32Array[]> {
    return Promise.resolve(texts.map((t) => lexicalVector(t)));
  }

  embedNow(text: string): Float32Array {
    return lexicalVector(text);
  }
}
