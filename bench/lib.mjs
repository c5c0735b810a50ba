// Shared helpers for the benchmarks: a private sandbox, timing, percentiles.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { makeSandbox } from '../tests/helpers/sandbox-env.mjs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI = join(ROOT, 'dist', 'bundle', 'main.cjs');
/** What the hooks `setup` writes run (src/cli/hook-main.ts). */
export const HOOK = join(ROOT, 'dist', 'hook', 'main.cjs');

const made = [];
// Removed when the bench process ends: the big-log bench alone leaves 1 GB per run.
process.on('exit', () => {
  for (const home of made) rmSync(home, { recursive: true, force: true });
});

/** The tests' own sandbox (tests/helpers/sandbox-env.mjs), so the two never drift; removed at exit. */
export function sandbox(name) {
  const sb = makeSandbox(`cm-bench-${name}`);
  made.push(sb.home);
  return sb;
}

export const now = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * Waits for background distillers and block warms of earlier runs
 * (detached, nice 19) to finish, so they are not counted against the next
 * measurement.
 */
export function settle(maxMs = 120_000) {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const r = spawnSync('pgrep', ['-f', 'main.js --quiet (distill|context --warm)']);
    if (r.status !== 0) return;
    spawnSync('sleep', ['0.2']);
  }
}

export function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export const median = (xs) => pct(xs, 50);

export function table(rows) {
  const cols = Object.keys(rows[0] ?? {});
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (vals) => vals.map((v, i) => String(v).padEnd(width[i])).join('  ');
  console.log(line(cols));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}

export const fmt = (x, d = 2) => (typeof x === 'number' ? x.toFixed(d) : String(x));
