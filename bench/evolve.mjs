#!/usr/bin/env node
// Truth over time, following shared/eval/evolve/README.md:
//   npm run bench:evolve -- <scenarios.json> [--json out.json] [--verbose]
// Ninety simulated days: every command of a day runs under `faketime`, so the
// product's own clock says which day it is. Each session is the stand-in AI
// CLI under `claude-mem run` in a real PTY (one git directory per project,
// one user store), the user's lines typed as a person would, then `distill`.
// Before the first session of a later day, the probes whose day has passed
// ask `query --limit 3` and `context` for the current value of each fact.
// Evaluation data only: nothing from the file is built into the product.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { spawn } from 'node-pty';
import { CLI, ROOT, sandbox, settle, table } from './lib.mjs';
import { typeStandinTurns } from './pty-driver.mjs';
import { RESULTS, writeReadme } from './performance.mjs';
import { changeKindOf, languageOf, scoreProbe, stampOf, tally, turnsOf } from './evolve-score.mjs';

const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--json');
if (!file) {
  console.error('usage: npm run bench:evolve -- <scenarios.json> [--json out.json] [--verbose]');
  process.exit(2);
}
if (spawnSync('faketime', ['2026-01-01 00:00:00', 'true']).status !== 0) {
  console.error('faketime is not installed: apt-get install faketime');
  process.exit(2);
}
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const jsonOut = flag('--json') ?? join(RESULTS, 'evolve.json');
const verbose = args.includes('--verbose');
const { start, sessions, probes } = JSON.parse(readFileSync(file, 'utf8'));

const sb = sandbox('evolve');
const env = {
  ...sb.env,
  PATH: `${join(ROOT, 'tests', 'fixtures', 'bin')}:${sb.env.PATH}`,
  FAKETIME_DONT_FAKE_MONOTONIC: '1',
};
const dirOf = (project) => join(sb.home, project);
for (const p of new Set(sessions.map((s) => s.project))) mkdirSync(join(dirOf(p), '.git'), { recursive: true });

function cm(stamp, argv, cwd) {
  const r = spawnSync('faketime', [stamp, process.execPath, CLI, ...argv], { cwd, env, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`claude-mem ${argv.join(' ')} at ${stamp} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

const allMemories = (stamp, cwd) => JSON.parse(cm(stamp, ['list', '--archived', '--json'], cwd)).filter((m) => m.type !== 'global');

const scored = [];
function runProbes(day) {
  const stamp = stampOf(start, day, 23 * 60 + 30);
  for (const p of probes.filter((x) => x.day === day)) {
    const cwd = dirOf(p.project);
    const hits = JSON.parse(cm(stamp, ['query', p.question, '--limit', '3', '--json'], cwd));
    const block = JSON.parse(cm(stamp, ['context', '--json'], cwd));
    const verdict = scoreProbe(p, hits, block.text ?? '');
    scored.push({ probe: p, kind: changeKindOf(p, sessions), lang: languageOf(p.question), verdict, tokens: block.tokens ?? 0 });
    if (verbose) {
      console.log(`day ${day} ${p.slot}: top "${hits[0]?.text ?? '(none)'}"${verdict.current_at_1 ? '' : `  ✗ want ${p.current}`}${verdict.block_current ? '' : `  ✗ block lacks ${p.current}`}${verdict.block_stale ? '  ✗ block stale' : ''}`);
      if (!verdict.current_at_1) for (const h of hits) console.log(`    · ${h.kind === 'said' ? `[said ${h.role ?? ''} ${String(h.said_at).slice(0, 10)}]` : `[${h.type} ${String(h.created_at).slice(0, 10)}]`} ${String(h.text).replace(/\s+/g, ' ').slice(0, 220)}`);
    }
  }
}

const probeDays = [...new Set(probes.map((p) => p.day))].sort((a, b) => a - b);
const noise = { sessions: 0, clean: 0 };
let minuteOfDay = 0;
let lastDay = -1;
const t0 = Date.now();
for (const s of sessions) {
  while (probeDays.length && probeDays[0] < s.day) runProbes(probeDays.shift());
  if (s.day !== lastDay) minuteOfDay = 9 * 60;
  lastDay = s.day;
  // Sessions of one day are 20 minutes apart: separate runs, as people work.
  const stamp = stampOf(start, s.day, (minuteOfDay += 20));
  const cwd = dirOf(s.project);
  const before = allMemories(stamp, cwd).length;
  const script = join(sb.home, `script-${s.day}-${minuteOfDay}.json`);
  writeFileSync(script, JSON.stringify(turnsOf(s.transcript)));
  const pty = spawn('faketime', [stamp, process.execPath, CLI, 'run', 'mycli'], { cwd, env: { ...env, FAKE_SCRIPT: script }, cols: 100, rows: 30, name: 'xterm-256color' });
  await typeStandinTurns(pty, turnsOf(s.transcript));
  settle();
  cm(stamp, ['distill', '--all'], cwd);
  if (s.kind === 'noise') {
    noise.sessions++;
    if (allMemories(stamp, cwd).length === before) noise.clean++;
    else if (verbose) console.log(`day ${s.day} ${s.project}: small talk left a memory`);
  }
}
for (const day of probeDays) runProbes(day);

const endStamp = stampOf(start, Math.max(...sessions.map((s) => s.day), ...probes.map((p) => p.day)), 23 * 60 + 50);
const projects = [...new Set(sessions.map((s) => s.project))];
const perProject = projects.map((p) => {
  const all = allMemories(endStamp, dirOf(p));
  const active = all.filter((m) => m.status === 'active');
  const facts = new Set(sessions.filter((s) => s.project === p && s.slot).map((s) => s.slot)).size;
  if (verbose) for (const m of active) console.log(`  [${p}] ${m.type}${m.subject ? ` (${m.subject})` : ''}: ${m.text}`);
  return { project: p, facts, active: active.length, stored: all.length, sessions: sessions.filter((s) => s.project === p).length };
});

const byDay = tally(scored, (s) => `day ${s.probe.day}`);
const byKind = tally(scored, (s) => s.kind);
const byLang = tally(scored, (s) => s.lang);
const stable = tally(scored.filter((s) => s.probe.stable), (s) => `never changed, day ${s.probe.day}`);
const [overall] = tally(scored, () => 'all');
const facts = perProject.reduce((a, p) => a + p.facts, 0);
const active = perProject.reduce((a, p) => a + p.active, 0);
const stored = perProject.reduce((a, p) => a + p.stored, 0);
const tokens = scored.map((s) => s.tokens);
const summary = {
  probes: overall.probes,
  ...Object.fromEntries(Object.entries(overall).filter(([k]) => k !== 'group' && k !== 'probes')),
  worst_day_current_at_1: Math.min(...byDay.map((d) => d.current_at_1)),
  worst_day_probes: Math.max(...byDay.map((d) => d.probes)),
  sessions: sessions.length,
  memories_stored: stored,
  memories_per_session: Number((stored / sessions.length).toFixed(2)),
  active_memories: active,
  active_per_fact: Number((active / Math.max(1, facts)).toFixed(2)),
  noise_clean: `${noise.clean}/${noise.sessions}`,
  block_tokens_mean: Math.round(tokens.reduce((a, b) => a + b, 0) / Math.max(1, tokens.length)),
  block_tokens_max: Math.max(0, ...tokens),
  minutes: Number(((Date.now() - t0) / 60000).toFixed(1)),
};

for (const [title, rows] of [['by probe day', byDay], ['by how the change was stated', byKind], ['by language', byLang], ['facts never changed', stable]]) {
  console.log(`\n${title}:`);
  table(rows);
}
console.log('\nper project:');
table(perProject);
console.log(
  `\ntruth over time (${summary.probes} probes, ${summary.sessions} sessions): current@1 ${summary.current_at_1}, current@3 ${summary.current_at_3}, stale@1 ${summary.stale_at_1}, block current ${summary.block_current}, block stale ${summary.block_stale}; ` +
    `${summary.memories_stored} memories stored (${summary.memories_per_session} per session), ${summary.active_memories} active (${summary.active_per_fact} per fact); small talk clean ${summary.noise_clean}; block ${summary.block_tokens_mean} tokens mean, ${summary.block_tokens_max} max`,
);
mkdirSync(dirname(jsonOut), { recursive: true });
writeFileSync(jsonOut, `${JSON.stringify({ file, summary, byDay, byKind, byLang, stable, perProject }, null, 2)}\n`);
if (resolve(jsonOut) === join(RESULTS, 'evolve.json') && writeReadme()) console.log('rewrote the Performance section of README.md');
