#!/usr/bin/env node
// Coding-session recall, following shared/eval/coding/README.md:
//   npm run bench:recall -- <sessions.json> [--client standin|claude] [--source transcript|screen] [--only id,id] [--json out.json] [--verbose]
// Each session runs a scripted stand-in AI CLI under `claude-mem run` in a
// real PTY, in a fresh project directory (the user store is shared, as in
// real use); the user's lines are typed one after another once each answer
// is shown. Then `distill`, and for each probe `query` (is `expect` in the
// top 3?) and `context` (is it in the injected block?). With --client claude
// the real Claude Code (scripts/install-real-clients.sh) takes the stand-in's
// place, answering from a stand-in Messages API. Evaluation data
// only: nothing from the file is built into the product.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { spawn } from 'node-pty';
import { existsSync } from 'node:fs';
import { CLI, ROOT, fmt, sandbox, settle, table } from './lib.mjs';
import { typeStandinTurns, watch } from './pty-driver.mjs';
import { RESULTS, writeReadme } from './performance.mjs';
import { startAnthropicStandin, claudeHomeConfig, lastUserText } from '../tests/helpers/anthropic-standin.mjs';

const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith('--') && !['--only', '--json', '--client', '--source'].includes(args[i - 1] ?? ''));
if (!file) {
  console.error('usage: npm run bench:recall -- <sessions.json> [--only id,id] [--json out.json] [--verbose]');
  process.exit(2);
}
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = flag('--only')?.split(',');
const jsonOut = flag('--json') ?? join('bench', 'results', `recall-${flag('--client') ?? 'standin'}${flag('--source') === 'screen' ? '-screen' : ''}.json`);
const verbose = args.includes('--verbose');
const client = flag('--client') ?? 'standin';
// With the real Claude Code a session is distilled from its own transcript;
// --source screen takes the transcript's reference out of each log first, so
// the same sessions are distilled from the screen, for comparison.
const source = flag('--source') ?? 'transcript';
const REAL_BIN = join(process.env.CLAUDE_MEM_REAL_CLIENTS ?? join(ROOT, '.cache', 'real-clients'), 'node_modules', '.bin');
if (client === 'claude' && !existsSync(join(REAL_BIN, 'claude'))) {
  console.error('the real Claude Code is not installed: run scripts/install-real-clients.sh first');
  process.exit(2);
}
const sessions = JSON.parse(readFileSync(file, 'utf8')).filter((s) => !only || only.includes(s.id));

const sb = sandbox('recall');
// The optional summarizer's input is recorded (and the call then fails, so the
// local result stands): its size per session is what the one call would cost.
const asked = join(sb.home, 'summarizer-inputs');
mkdirSync(asked, { recursive: true });
const env = {
  ...sb.env,
  PATH: `${join(ROOT, 'tests', 'fixtures', 'bin')}:${sb.env.PATH}`,
  CLAUDE_MEM_DISTILL_SUMMARIZER: `cat > "${asked}/$(date +%s%N).txt"; exit 1`,
};

function cm(argv, cwd) {
  const r = spawnSync(process.execPath, [CLI, ...argv], { cwd, env, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`claude-mem ${argv.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** Answers from the session's script, for the real CLI's model API. */
let script = [];
const standin =
  client === 'claude'
    ? await startAnthropicStandin((body) => {
        const text = lastUserText(body);
        const turn = script.filter((t) => text.includes(t.user.trim())).sort((a, b) => b.user.length - a.user.length)[0];
        return { text: turn ? turn.assistant : 'Sure.' };
      })
    : undefined;
const KEY = `sk-ant-api03-${'standin'.repeat(12)}-AA`;

function spawnClient(cwd, turns) {
  if (client === 'claude') {
    script = turns;
    writeFileSync(join(sb.home, '.claude.json'), JSON.stringify(claudeHomeConfig(KEY, cwd)));
    const cenv = { ...env, PATH: `${REAL_BIN}:${env.PATH}`, ANTHROPIC_BASE_URL: standin.url, ANTHROPIC_API_KEY: KEY, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1' };
    return spawn(process.execPath, [CLI, 'run', 'claude'], { cwd, env: cenv, cols: 100, rows: 30, name: 'xterm-256color' });
  }
  const scriptFile = join(cwd, '..', `${Date.now()}-script.json`);
  writeFileSync(scriptFile, JSON.stringify(turns));
  return spawn(process.execPath, [CLI, 'run', 'mycli'], { cwd, env: { ...env, FAKE_SCRIPT: scriptFile }, cols: 100, rows: 30, name: 'xterm-256color' });
}

/** One session through the CLI, typed as a person would. */
async function converse(cwd, turns) {
  const pty = spawnClient(cwd, turns);
  if (client !== 'claude') return typeStandinTurns(pty, turns);
  const { out, waitFor, quiet, exited, sleep } = watch(pty);
  await waitFor(() => out().includes('❯'), 'the prompt');
  await quiet(500);
  for (const t of turns) {
    const served = standin.requests.length;
    for (const ch of [...t.user]) pty.write(ch);
    await sleep(200);
    pty.write('\r');
    // A marker never reaches the model; anything else is answered.
    if (!t.user.startsWith('!记得')) await waitFor(() => standin.requests.slice(served).some((b) => lastUserText(b).includes(t.user.trim())), 'the request');
    await quiet(800);
  }
  pty.write('/exit');
  await sleep(300);
  pty.write('\r');
  await exited;
}

const memoriesOf = (cwd) => JSON.parse(cm(['list', '--json'], cwd));
const userCount = (cwd) => memoriesOf(cwd).filter((m) => m.type === 'global').length;

/** The logs of a project without their transcript reference: distill reads the screen. */
function forgetTranscripts(cwd) {
  const dir = join(cwd, '.claude-mem', 'sessions');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.cast'))) {
    const [head, ...rest] = readFileSync(join(dir, f), 'utf8').split('\n');
    const h = JSON.parse(head);
    if (h['x-claude-mem']) delete h['x-claude-mem'].transcript;
    writeFileSync(join(dir, f), [JSON.stringify(h), ...rest].join('\n'));
  }
}

const distillMs = [];
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
  if (source === 'screen') forgetTranscripts(cwd);
  const t0 = performance.now();
  cm(['distill', '--all'], cwd);
  distillMs.push(performance.now() - t0);
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
const { encode } = await import('gpt-tokenizer');
const inputTokens = readdirSync(asked).map((f) => encode(readFileSync(join(asked, f), 'utf8')).length);
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
  summarizer_input_tokens_mean: Math.round(inputTokens.reduce((a, b) => a + b, 0) / Math.max(1, inputTokens.length)),
  summarizer_input_tokens_max: Math.max(0, ...inputTokens),
  source: client === 'claude' ? source : 'screen',
  distill_ms_mean: Math.round(distillMs.reduce((a, b) => a + b, 0) / Math.max(1, distillMs.length)),
};
console.log('');
console.log(`${client === 'claude' ? 'real Claude Code' : 'stand-in CLI'}: query hit@3 ${hits}/${probes}, context hit ${ctxHits}/${probes}, type accuracy ${typeHits}/${probes}, memories per session ${fmt(mean)} mean / ${summary.memories_per_session_max} max, noise sessions clean ${noiseClean}/${noise}, distilled from the ${summary.source} in ${summary.distill_ms_mean} ms per session (the distill process)`);
console.log(`optional summarizer: input ${summary.summarizer_input_tokens_mean} tokens per session mean, ${summary.summarizer_input_tokens_max} max (${inputTokens.length} calls; prompt included, reply not)`);
mkdirSync(dirname(jsonOut), { recursive: true });
writeFileSync(jsonOut, `${JSON.stringify({ client, summary, rows }, null, 2)}\n`);
if (resolve(jsonOut) === join(RESULTS, 'recall-standin.json') && writeReadme()) console.log('rewrote the Performance section of README.md');
await standin?.close();
