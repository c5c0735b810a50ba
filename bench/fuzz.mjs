// The long fuzz run: the property tests of src/fuzz.test.ts (log parser,
// streaming replay, screen model, segmenter and distiller) with FUZZ_RUNS
// runs per property, 100,000+ generated inputs in all by default. Prints
// inputs per property, crashes (any failure fails the run) and the slowest
// input; the target is 0 crashes and none over 1 s.
//   node bench/fuzz.mjs [--runs 10000]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, fmt } from './lib.mjs';

export function fuzz({ runs = 10_000 } = {}) {
  const report = join(mkdtempSync(join(tmpdir(), 'cm-fuzz-report-')), 'times.jsonl');
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'src/fuzz.test.ts'], {
    cwd: ROOT,
    env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_REPORT: report },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const times = existsSync(report) ? readFileSync(report, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  const by = new Map();
  for (const t of times) {
    const a = by.get(t.name) ?? { n: 0, max: 0, slow: 0 };
    a.n++;
    a.max = Math.max(a.max, t.ms);
    if (t.ms > 1000) a.slow++;
    by.set(t.name, a);
  }
  const rows = [...by].map(([name, a]) => ({ figure: 'fuzz', variant: name, inputs: a.n, 'slowest ms': fmt(a.max, 1), 'over 1 s': a.slow, crashes: r.status === 0 ? 0 : 'see output' }));
  if (r.status !== 0) process.stderr.write(r.stdout.slice(-4000));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { table } = await import('./lib.mjs');
  const i = process.argv.indexOf('--runs');
  const rows = fuzz({ runs: i > 0 ? Number(process.argv[i + 1]) : 10_000 });
  table(rows);
  console.log(`inputs in all: ${rows.reduce((s, r) => s + r.inputs, 0)}`);
}
