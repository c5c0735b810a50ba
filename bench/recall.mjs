#!/usr/bin/env node
// Coding-session recall, following shared/eval/coding/README.md:
//   npm run bench:recall -- <sessions.json> [--only id,id] [--json out.json] [--verbose]
// Each session runs a scripted stand-in AI CLI under `claude-mem run` in a
// real PTY, in a fresh project directory (the user store is shared, as in
// real use); the user's lines are typed one after another once each answer
// is shown. Then `distill`, and for each probe `query` (is `expect` in the
// top 3?) and `context` (is it in the injected block?). Evaluation data
// only: nothing from the file is built into the product.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawn } from 'node-pty';
import { CLI, ROOT, fmt, sandbox, settle, table } from './lib.mjs';

const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith('--') && !['--only', '--json'].includes(args[i - 1] ?? ''));
if (!file) {
  console.error('usage: npm run bench:recall -- <sessions.json> [--only id,id] [--json out.json] [--verbose]');
  process.exit(2);
}
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = flag('--only')?.split(',');
const jsonOut = flag('--json') ?? join('bench', 'results', 'recall.json');
const verbose = args.includes('--verbose');
const sessions = JSON.parse(readFileSync(file, 'utf8')).filter((s) => !only || only.includes(s.id));

const sb = sandbox('recall');
const env = { ...sb.env, PATH: `${join(ROOT, 'tests', 'fixtures', 'bin')}:${sb.env.PATH}` };

function cm(argv, cwd) {
  const r = spawnSync(process.execPath, [CLI, ...argv], { cwd, env, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`claude-mem ${argv.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** One session through the stand-in CLI, typed as a person would. */
async function converse(cwd, turns) {
  const scriptFile = join(cwd, '..', `${Date.now()}-script.json`);
  writeFileSync(scriptFile, JSON.stringify(turns));
  const pty = spawn(process.execPath, [CLI, 'run', 'mycli'], {
    cwd,
    env: { ...env, FAKE_SCRIPT: scriptFile },
    cols: 100,
    rows: 30,
    name: 'xterm-256color',
  });
  let out = '';
  const waiters = [];
  pty.onData((d) => {
    out += d;
    for (const w of waiters.splice(0)) w();
  });
  const exited = new Promise((r) => pty.onExit(r));
  const waitFor = (test, label) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}:\n${out.slice(-2000)}`)), 30_000);
      const check = () => {
        if (test()) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  await waitFor(() => out.includes('╰'), 'the prompt');
  for (const t of turns) {
    const from = out.length;
    pty.write(`${t.user}\r`);
    await waitFor(() => out.slice(from).includes(`> ${t.user}\r`), 'the echo');
    const at = out.lastIndexOf(`> ${t.user}\r`);
    await waitFor(() => out.slice(at).includes('╰'), 'the answer');
  }
  pty.write('exit\r');
  await exited;
}

const memoriesOf = (cwd) => JSON.parse(cm(['list', '--json'], cwd));
const userCount = (cwd) => memoriesOf(cwd).filter((m) => m.type === 'global').length;

const rows = [];
let hits = 0;
let ctxHits = 0;
let typeHits = 0;
let probes = 0;
let noise = 0;
let noiseClean = 0;
const perSession = [];
for (const [i, s] of sessions.entries()) {
  const cwd = join(sb.home, `p${i}-${s.id}`);
  mkdirSync(join(cwd, '.git'), { recursive: true });
  const globalsBefore = userCount(cwd);
  await converse(cwd, s.turns);
  settle();
  cm(['distill', '--all'], cwd);
  const all = memoriesOf(cwd);
  // The project store is new for each session; the user store is shared.
  const globals = all.filter((m) => m.type === 'global').length;
  const added = all.length - globals + (globals - globalsBefore);
  perSession.push(added);
  if (verbose) for (const m of all) if (m.type !== 'global' || m.session_id) console.log(`  [${s.id}] ${m.type}: ${m.text}`);
  if (s.noise) {
    noise++;
    if (added === 0) noiseClean++;
    rows.push({ session: s.id, probe: '(noise)', query: '', context: '', type: '', added });
    continue;
  }
  const block = cm(['context'], cwd);
  for (const p of s.probes ?? []) {
    probes++;
    const results = JSON.parse(cm(['query', p.question, '--json', '--limit', '3'], cwd));
    const found = results.find((r) => `${r.text}\n${r.supplement ?? ''}`.includes(p.expect));
    const inContext = block.includes(p.expect);
    if (found) hits++;
    if (inContext) ctxHits++;
    if (found?.type === p.type) typeHits++;
    rows.push({ session: s.id, probe: p.expect, query: found ? 'hit' : 'MISS', context: inContext ? 'hit' : 'MISS', type: found ? `${found.type}${found.type === p.type ? '' : `≠${p.type}`}` : '', added });
  }
}

table(rows);
const mean = perSession.reduce((a, b) => a + b, 0) / Math.max(1, perSession.length);
const summary = {
  sessions: sessions.length,
  probes,
  query_hit_at_3: hits,
  context_hit: ctxHits,
  type_accuracy: typeHits,
  memories_per_session_mean: Number(mean.toFixed(2)),
  memories_per_session_max: Math.max(0, ...perSession),
  noise_clean: `${noiseClean}/${noise}`,
};
console.log('');
console.log(`stand-in CLI: query hit@3 ${hits}/${probes}, context hit ${ctxHits}/${probes}, type accuracy ${typeHits}/${probes}, memories per session ${fmt(mean)} mean / ${summary.memories_per_session_max} max, noise sessions clean ${noiseClean}/${noise}`);
mkdirSync(dirname(jsonOut), { recursive: true });
writeFileSync(jsonOut, `${JSON.stringify({ summary, rows }, null, 2)}\n`);
