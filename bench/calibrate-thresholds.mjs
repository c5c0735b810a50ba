#!/usr/bin/env node
// Calibrates the lexical embedder's thresholds on built-in labelled pairs,
// in Chinese and English. Prints each class's cosine range and the
// thresholds it suggests; the chosen values live in src/store/embed/lexical.ts.
//   node bench/calibrate-thresholds.mjs [--json]
import { openMemory, cosine } from 'claude-mem';
import { sandbox } from './lib.mjs';

// Dedup and the trivia filter off, so every corpus line is its own memory.
const sb = sandbox('calibrate');
const memory = await openMemory({
  cwd: sb.project,
  env: sb.env,
  recover: false,
  sets: ['store.vector_model=lexical', 'dedup.update_threshold=0.999', 'dedup.merge_threshold=0.999', 'trivia.filter_enabled=false'],
});

// Same statement, re-typed: should update the existing memory.
const restated = [
  ['The test command for this repo is pytest -q', 'The test command for this repo is `pytest -q`.'],
  ['日志统一使用 JSON 格式', '日志统一使用 JSON 格式。'],
  ['Deploys happen on Fridays after the standup', 'deploys happen on fridays, after the standup'],
  ['数据库迁移必须先在 staging 环境跑一遍', '数据库迁移必须先在 staging 环境跑一遍！'],
  ['The orders table has an index on create_time', 'The orders table has an index on create_time now'],
  ['用 pnpm 安装依赖，不要用 npm', '用 pnpm 安装依赖，不要用 npm 了'],
];
// Same fact, other words: should be merged into the supplement.
const paraphrase = [
  ['The test command for this repo is pytest -q', 'Run the tests of this repo with pytest -q'],
  ['日志统一使用 JSON 格式', '日志格式统一为 JSON'],
  ['The orders table has an index on create_time', 'An index on create_time was added to the orders table'],
  ['数据库迁移必须先在 staging 环境跑一遍', '迁移数据库之前必须先在 staging 环境跑'],
  ['Deploys happen on Fridays after the standup', 'We deploy every Friday once the standup is over'],
  ['用 pnpm 安装依赖，不要用 npm', '安装依赖用 pnpm 而不是 npm'],
];
// Same topic, different statement: must stay separate.
const related = [
  ['The test command for this repo is pytest -q', 'The lint command for this repo is ruff check'],
  ['日志统一使用 JSON 格式', '日志文件保留三十天'],
  ['The orders table has an index on create_time', 'The users table has a unique index on email'],
  ['数据库迁移必须先在 staging 环境跑一遍', '数据库备份每天凌晨两点执行'],
  ['Deploys happen on Fridays after the standup', 'Deploys are blocked during the holiday freeze'],
  ['用 pnpm 安装依赖，不要用 npm', '用 Node 20 运行，不要用 Node 18'],
];
const unrelated = [
  ['The test command for this repo is pytest -q', '日志统一使用 JSON 格式'],
  ['The orders table has an index on create_time', 'Deploys happen on Fridays after the standup'],
  ['数据库迁移必须先在 staging 环境跑一遍', 'I prefer answers in English'],
  ['用 pnpm 安装依赖，不要用 npm', 'The cache warmer preloads product pages'],
];

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
const queries = [
  ['how do I run the tests', 'The test command for this repo is pytest -q'],
  ['日志格式', '日志统一使用 JSON 格式'],
  ['orders index', 'The orders table has an index on create_time'],
  ['迁移 staging', '数据库迁移必须先在 staging 环境跑一遍'],
  ['when do we deploy', 'Deploys happen on Fridays after the standup'],
  ['安装依赖', '用 pnpm 安装依赖，不要用 npm'],
  ['lint command', 'The lint command for this repo is ruff check'],
  ['备份时间', '数据库备份每天凌晨两点执行'],
];
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
