#!/usr/bin/env node
// The episode index's cost, side by side in one run:
//   npm run bench:episodes -- <beam data dir> [--only 500K/3,500K/5] [--rounds 3]
// Each round imports the same BEAM conversations (converted to Claude Code
// transcripts, shared/eval/beam/convert.mjs) into fresh sandboxes twice,
// alternating: with the index off (`--set episodes.enabled=false`, what
// import did before it) and on. Prints the import throughput of each, their
// ratio, and the index's size per MB of transcript. Evaluation data only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, median, now, sandbox, table } from './lib.mjs';

const args = process.argv.slice(2);
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const dataDir = args.find((a, i) => !a.startsWith('--') && !['--only', '--rounds'].includes(args[i - 1]));
if (!dataDir || !existsSync(join(dataDir, '..', 'convert.mjs'))) {
  console.error('usage: npm run bench:episodes -- <shared/eval/beam/data> [--only 500K/3,500K/5] [--rounds 3]');
  process.exit(2);
}
const picks = (flag('--only') ?? '500K/3,500K/5').split(',');
const rounds = Number(flag('--rounds') ?? 3);

function importOnce(conv, on) {
  const sb = sandbox('episodes');
  spawnSync('git', ['init', '-q', sb.project]);
  const out = join(sb.home, '.claude', 'projects', sb.project.replace(/[^a-zA-Z0-9]/g, '-'));
  const c = spawnSync(process.execPath, [join(dataDir, '..', 'convert.mjs'), join(dataDir, conv, 'chat.json'), out, sb.project, conv], { encoding: 'utf8' });
  if (c.status !== 0) throw new Error(`convert.mjs failed on ${conv}: ${c.stderr}`);
  const bytes = readdirSync(out).reduce((n, f) => n + readFileSync(join(out, f)).length, 0);
  const t0 = now();
  const r = spawnSync(process.execPath, [CLI, ...(on ? [] : ['--set', 'episodes.enabled=false']), 'import', '--from', 'claude'], { cwd: sb.project, env: sb.env, encoding: 'utf8' });
  const ms = now() - t0;
  if (r.status !== 0) throw new Error(`import failed: ${r.stderr}`);
  const db = join(sb.project, '.claude-mem', 'mem.db');
  const status = JSON.parse(spawnSync(process.execPath, [CLI, 'status', '--json'], { cwd: sb.project, env: sb.env, encoding: 'utf8' }).stdout);
  return { ms, bytes, dbBytes: statSync(db).size, passages: status.episodes?.passages ?? 0, chars: status.episodes?.chars ?? 0 };
}

const off = [];
const on = [];
for (let i = 0; i < rounds; i++) {
  for (const conv of picks) {
    // Alternating, so the machine's noise falls on both alike.
    off.push(importOnce(conv, false));
    on.push(importOnce(conv, true));
  }
}
const mbps = (xs) => xs.map((x) => x.bytes / 1e6 / (x.ms / 1000));
const offMbps = median(mbps(off));
const onMbps = median(mbps(on));
const mb = on.reduce((s, x) => s + x.bytes, 0) / 1e6;
const dbGrowth = (on.reduce((s, x) => s + x.dbBytes, 0) - off.reduce((s, x) => s + x.dbBytes, 0)) / 1e6;
table([
  { variant: 'index off (before)', 'import MB/s': offMbps.toFixed(2), 'store MB per transcript MB': (off.reduce((s, x) => s + x.dbBytes, 0) / 1e6 / mb).toFixed(2), passages: 0 },
  { variant: 'index on', 'import MB/s': onMbps.toFixed(2), 'store MB per transcript MB': (on.reduce((s, x) => s + x.dbBytes, 0) / 1e6 / mb).toFixed(2), passages: on.reduce((s, x) => s + x.passages, 0) / rounds },
]);
const textMb = on.reduce((s, x) => s + x.chars, 0) / 1e6;
console.log(`\nimport with the index: ${(offMbps / onMbps).toFixed(2)}x the time without it, ${(onMbps / offMbps).toFixed(2)}x its throughput (median of ${rounds} alternating rounds over ${picks.join(', ')}); the index adds ${(dbGrowth / mb).toFixed(2)} MB of store per MB of transcript, ${(dbGrowth / textMb).toFixed(2)}x the text it holds (${(textMb / rounds).toFixed(1)} M characters of passages)`);
