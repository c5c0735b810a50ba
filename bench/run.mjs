#!/usr/bin/env node
// npm run bench [-- --quick] [--only passthrough,latency,...]
// Prints a table per figure and writes bench/results/latest.json. Every
// figure is a ratio or difference against a baseline measured in the same
// run, because these machines are noisy. Not part of the test suite.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, totalmem } from 'node:os';
import { ROOT, table } from './lib.mjs';
import { passthrough } from './passthrough.mjs';
import { latency } from './latency.mjs';
import { launch } from './launch.mjs';
import { query } from './query.mjs';
import { distill } from './distill.mjs';
import { rss } from './rss.mjs';
import { killloss } from './killloss.mjs';
import { biglog } from './biglog.mjs';
import { fuzz } from './fuzz.mjs';
import { mcp } from './mcp.mjs';
import { importBench } from './import.mjs';
import { hook } from './hook.mjs';
import { ui } from './ui.mjs';
import { team } from './team.mjs';
import { writeReadme } from './performance.mjs';

const quick = process.argv.includes('--quick');
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : undefined;
const plan = {
  passthrough: () => passthrough({ mb: quick ? 20 : 200, runs: quick ? 2 : 5 }),
  latency: () => latency({ samples: quick ? 100 : 1000 }),
  launch: () => launch({ runs: quick ? 5 : 11, memories: 10_000 }),
  query: () => query({ sizes: quick ? [1000, 10_000] : [1000, 10_000, 100_000], reps: quick ? 5 : 20 }),
  distill: () => distill({ mb: quick ? 2 : 10 }),
  rss: () => rss({ lines: quick ? 200_000 : 1_000_000 }),
  killloss: () => killloss({ runs: quick ? 3 : 9 }),
  biglog: () => biglog({ mb: quick ? 100 : 1024 }),
  fuzz: () => fuzz({ runs: quick ? 300 : 10_000 }),
  hook: () => hook({ runs: quick ? 10 : 40 }),
  import: () => importBench({ files: quick ? 100 : 1000, turns: 100 }),
  ui: () => ui({ memories: 10_000, reps: quick ? 5 : 20 }),
  team: () => team({ clients: 5, each: quick ? 200 : 2000, reps: quick ? 5 : 20, replica: quick ? 5000 : 50_000 }),
  mcp: () => mcp({ sizes: quick ? [1000, 10_000] : [10_000, 100_000], reps: quick ? 5 : 20, calls: 1000 }),
};

const results = { machine: { cpus: cpus().length, model: cpus()[0]?.model, memGiB: Math.round(totalmem() / 2 ** 30), node: process.version }, quick, at: new Date().toISOString(), figures: {} };
for (const [name, fn] of Object.entries(plan)) {
  if (only && !only.has(name)) continue;
  console.log(`\n## ${name}`);
  const rows = await fn();
  table(rows);
  results.figures[name] = rows;
}
const dir = join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
if (only) {
  // A partial run updates its figures and keeps the others.
  try {
    const prev = JSON.parse(readFileSync(join(dir, 'latest.json'), 'utf8'));
    results.figures = { ...prev.figures, ...results.figures };
  } catch {
    // No earlier results: write what we have.
  }
}
writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwrote ${join(dir, 'latest.json')}`);
if (writeReadme()) console.log('rewrote the Performance section of README.md');
