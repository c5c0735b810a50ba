#!/usr/bin/env node
// Calibrates the lexical embedder's thresholds on the built-in labelled pairs
// (src/store/embed/calibration.ts), in Chinese and English; for the lexical
// vectors retrieval is read from fused search scores. `model pull` runs the
// same pairs on a pulled model and keeps its thresholds beside it. Prints each class's cosine range and the
// thresholds it suggests; the chosen values live in src/store/embed/lexical.ts.
//   node bench/calibrate-thresholds.mjs [--json]
import { openMemory, cosine } from 'claude-mem';
import { sandbox } from './lib.mjs';
import { RESTATED, PARAPHRASE, RELATED, UNRELATED, QUERIES } from '../dist/store/embed/calibration.js';

// Dedup and the trivia filter off, so every corpus line is its own memory.
const sb = sandbox('calibrate');
const memory = await openMemory({
  cwd: sb.project,
  env: sb.env,
  sets: ['store.vector_model=lexical', 'dedup.update_threshold=0.999', 'dedup.merge_threshold=0.999', 'trivia.filter_enabled=false'],
});

// The labelled pairs and queries every embedder is calibrated on (model pull uses them too).
const restated = RESTATED;
const paraphrase = PARAPHRASE;
const related = RELATED;
const unrelated = UNRELATED;

const sims = async (pairs) => Promise.all(pairs.map(async ([a, b]) => {
  const [va, vb] = await memory.embed([a, b]);
  return cosine(va, vb);
}));
const range = (xs) => ({ min: Math.min(...xs), max: Math.max(...xs), mean: xs.reduce((s, x) => s + x, 0) / xs.length });
const classes = { restated: range(await sims(restated)), paraphrase: range(await sims(paraphrase)), related: range(await sims(related)), unrelated: range(await sims(unrelated)) };
// update: midway between the paraphrases and the restatements.
// merge: just above the highest related pair, so two different statements
// are never merged (a paraphrase left unmerged costs less than a wrong merge).
const suggested = {
  update: (classes.paraphrase.max + classes.restated.min) / 2,
  merge: classes.related.max + 0.02,
};

// retrieval: fused search score (see src/store/rank.ts) of a query against
// its relevant memory, versus the best score of memories it is not about.
const corpus = [...new Set([...restated, ...paraphrase, ...related, ...unrelated].map(([a]) => a).concat(related.map(([, b]) => b)))];
const queries = QUERIES;
await memory.write(corpus.map((text) => ({ type: 'fact', text, dir: '/p', agent: 'c', explicit: true })));
const relevant = [];
const irrelevant = [];
for (const [q, want] of queries) {
  const { hits } = await memory.search(q, { limit: 20, keepWeak: true });
  relevant.push(hits.find((h) => h.memory.text === want)?.score ?? 0);
  if (process.argv.includes('--verbose')) console.log(q, '→', JSON.stringify(hits.slice(0, 3).map((h) => `${h.score.toFixed(2)} ${h.memory.text}`)));
  irrelevant.push(Math.max(0, ...hits.filter((h) => h.memory.text !== want).map((h) => h.score)));
}
classes.query_relevant = range(relevant);
classes.query_other_best = range(irrelevant);
suggested.retrieval = (classes.query_relevant.min + classes.query_other_best.mean) / 2;

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ classes, suggested }, null, 2));
} else {
  for (const [k, v] of Object.entries(classes)) console.log(`${k.padEnd(11)} min ${v.min.toFixed(3)}  mean ${v.mean.toFixed(3)}  max ${v.max.toFixed(3)}`);
  console.log(`suggested update ${suggested.update.toFixed(3)}, merge ${suggested.merge.toFixed(3)}, retrieval ${suggested.retrieval.toFixed(3)}`);
}
memory.close();
