import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cosine } from '../../text/cosine.js';
import type { Embedder, Thresholds } from './embedder.js';

/**
 * Labelled pairs in Chinese and English, the yardstick every embedder's
 * thresholds are read from. A model's cosines have their own scale (one
 * puts paraphrases at 0.6, another at 0.9), so fixed numbers would mean
 * something else for each: `model pull` measures the pulled model on these
 * and keeps what they say beside it (THRESHOLDS_FILE);
 * bench/calibrate-thresholds.mjs prints the same for the lexical vectors.
 */
export const RESTATED: Array<[string, string]> = [
  ['The test command for this repo is pytest -q', 'The test command for this repo is `pytest -q`.'],
  ['日志统一使用 JSON 格式', '日志统一使用 JSON 格式。'],
  ['Deploys happen on Fridays after the standup', 'deploys happen on fridays, after the standup'],
  ['数据库迁移必须先在 staging 环境跑一遍', '数据库迁移必须先在 staging 环境跑一遍！'],
  ['The orders table has an index on create_time', 'The orders table has an index on create_time now'],
  ['用 pnpm 安装依赖，不要用 npm', '用 pnpm 安装依赖，不要用 npm 了'],
];
/** Same fact, other words: merged into the supplement. */
export const PARAPHRASE: Array<[string, string]> = [
  ['The test command for this repo is pytest -q', 'Run the tests of this repo with pytest -q'],
  ['日志统一使用 JSON 格式', '日志格式统一为 JSON'],
  ['The orders table has an index on create_time', 'An index on create_time was added to the orders table'],
  ['数据库迁移必须先在 staging 环境跑一遍', '迁移数据库之前必须先在 staging 环境跑'],
  ['Deploys happen on Fridays after the standup', 'We deploy every Friday once the standup is over'],
  ['用 pnpm 安装依赖，不要用 npm', '安装依赖用 pnpm 而不是 npm'],
];
/** Same topic, another statement: must stay two memories. */
export const RELATED: Array<[string, string]> = [
  ['The test command for this repo is pytest -q', 'The lint command for this repo is ruff check'],
  ['日志统一使用 JSON 格式', '日志文件保留三十天'],
  ['The orders table has an index on create_time', 'The users table has a unique index on email'],
  ['数据库迁移必须先在 staging 环境跑一遍', '数据库备份每天凌晨两点执行'],
  ['Deploys happen on Fridays after the standup', 'Deploys are blocked during the holiday freeze'],
  ['用 pnpm 安装依赖，不要用 npm', '用 Node 20 运行，不要用 Node 18'],
];
export const UNRELATED: Array<[string, string]> = [
  ['The test command for this repo is pytest -q', '日志统一使用 JSON 格式'],
  ['The orders table has an index on create_time', 'Deploys happen on Fridays after the standup'],
  ['数据库迁移必须先在 staging 环境跑一遍', 'I prefer answers in English'],
  ['用 pnpm 安装依赖，不要用 npm', 'The cache warmer preloads product pages'],
];
/** A short query and the memory it is about; every other memory above is not about it. */
export const QUERIES: Array<[string, string]> = [
  ['how do I run the tests', 'The test command for this repo is pytest -q'],
  ['日志格式', '日志统一使用 JSON 格式'],
  ['orders index', 'The orders table has an index on create_time'],
  ['迁移 staging', '数据库迁移必须先在 staging 环境跑一遍'],
  ['when do we deploy', 'Deploys happen on Fridays after the standup'],
  ['安装依赖', '用 pnpm 安装依赖，不要用 npm'],
  ['lint command', 'The lint command for this repo is ruff check'],
  ['备份时间', '数据库备份每天凌晨两点执行'],
];

export interface Range {
  min: number;
  mean: number;
  max: number;
}

export interface Calibration {
  classes: { restated: Range; paraphrase: Range; related: Range; unrelated: Range; query_relevant: Range; query_other_best: Range };
  /** Undefined when the model's vectors could not tell the classes (a pair it gave no vector): the built-in thresholds apply. */
  thresholds?: Thresholds;
}

/** Written beside a pulled model: its calibration, which its embedder then uses. */
export const THRESHOLDS_FILE = 'claude-mem-thresholds.json';

function range(all: number[]): Range {
  // A text a model has no vector for (all unknown words) gives no cosine: it is left out.
  const xs = all.filter(Number.isFinite);
  if (xs.length === 0) return { min: Number.NaN, mean: Number.NaN, max: Number.NaN };
  return { min: Math.min(...xs), mean: xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length), max: Math.max(...xs) };
}

/**
 * Pure: the thresholds the classes call for.
 * - update: midway between the closest paraphrase and the loosest restatement;
 * - merge: just above the closest pair of different statements (a paraphrase
 *   left unmerged costs less than two statements merged), kept below update;
 * - retrieval: midway between the weakest relevant memory and the mean of
 *   the best memory a query is not about.
 */
export function suggestThresholds(c: Calibration['classes']): Thresholds | undefined {
  const update = (c.paraphrase.max + c.restated.min) / 2;
  const merge = Math.min(c.related.max + 0.02, update - 0.01);
  const retrieval = (c.query_relevant.min + c.query_other_best.mean) / 2;
  if (![update, merge, retrieval].every(Number.isFinite)) return undefined;
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  return { update: round(update), merge: round(merge), retrieval: round(retrieval) };
}

/** Measures an embedder on the pairs and queries above. */
export async function calibrate(embedder: Embedder): Promise<Calibration> {
  const sims = async (pairs: Array<[string, string]>): Promise<number[]> => {
    const vs = await embedder.embed(pairs.flat());
    return pairs.map((_, i) => cosine(vs[2 * i] as Float32Array, vs[2 * i + 1] as Float32Array));
  };
  const memories = [...new Set([...RESTATED, ...PARAPHRASE, ...RELATED, ...UNRELATED].flatMap(([a, b]) => [a, b]))];
  const mv = await embedder.embed(memories);
  const qv = await embedder.embed(QUERIES.map(([q]) => q));
  const relevant: number[] = [];
  const otherBest: number[] = [];
  QUERIES.forEach(([, want], i) => {
    const q = qv[i] as Float32Array;
    let best = Number.NaN;
    memories.forEach((m, j) => {
      const s = cosine(q, mv[j] as Float32Array);
      if (m === want) relevant.push(s);
      else if (Number.isFinite(s) && !(s <= best)) best = s;
    });
    otherBest.push(best);
  });
  const classes = {
    restated: range(await sims(RESTATED)),
    paraphrase: range(await sims(PARAPHRASE)),
    related: range(await sims(RELATED)),
    unrelated: range(await sims(UNRELATED)),
    query_relevant: range(relevant),
    query_other_best: range(otherBest),
  };
  const thresholds = suggestThresholds(classes);
  return { classes, ...(thresholds ? { thresholds } : {}) };
}

/** The thresholds a model's calibration left beside it, if it has a sound one. */
export function calibratedThresholds(dir: string): Thresholds | undefined {
  const path = join(dir, THRESHOLDS_FILE);
  if (!existsSync(path)) return undefined;
  try {
    const t = (JSON.parse(readFileSync(path, 'utf8')) as { thresholds?: Partial<Thresholds> }).thresholds;
    const ok = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > -1 && x <= 1;
    if (t && ok(t.update) && ok(t.merge) && ok(t.retrieval) && t.merge < t.update) return { update: t.update, merge: t.merge, retrieval: t.retrieval };
  } catch {
    // A damaged file: the built-in thresholds hold until the next pull.
  }
  return undefined;
}
