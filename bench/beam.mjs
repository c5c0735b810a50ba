#!/usr/bin/env node
// BEAM knowledge updates, following shared/eval/beam/README.md:
//   npm run bench:beam -- <data dir> [--only 100K/1,500K/3] [--json out.json] [--verbose]
// Per conversation, in a scratch home with a git project: convert.mjs turns
// the chat into Claude Code transcripts, `claude-mem import --from claude`
// brings them in (timed), every knowledge_update question is asked with
// `query --limit 3 --json` and `context` is taken once. information_extraction
// questions are asked too (an answer counts when every rubric part is in the
// top 3 hits' text). Beside it, in the same run, BM25 over the raw messages.
// Evaluation data only: nothing from the data is built into the product.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CLI, sandbox, table } from './lib.mjs';
import { RESULTS, writeReadme } from './performance.mjs';
import { answersAll, bm25, foundBoth, labelsOf, locateContradiction, rubricParts, scoreQuestion, stripIndex } from './beam-score.mjs';

const args = process.argv.slice(2);
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const dataDir = args.find((a, i) => !a.startsWith('--') && !['--only', '--json'].includes(args[i - 1]));
if (!dataDir || !existsSync(dataDir)) {
  console.error('usage: npm run bench:beam -- <data dir, e.g. ../shared/eval/beam/data> [--only 100K/1,500K/3] [--json out.json] [--verbose]');
  process.exit(2);
}
const converter = join(dataDir, '..', 'convert.mjs');
if (!existsSync(converter)) {
  console.error(`no convert.mjs beside ${dataDir}: point at the data folder inside shared/eval/beam`);
  process.exit(2);
}
const jsonOut = flag('--json') ?? join(RESULTS, 'beam.json');
const verbose = args.includes('--verbose');
const only = flag('--only')?.split(',');

const conversations = readdirSync(dataDir)
  .sort()
  .flatMap((scale) => readdirSync(join(dataDir, scale)).sort((a, b) => Number(a) - Number(b)).map((n) => `${scale}/${n}`))
  .filter((c) => !only || only.includes(c))
  .filter((c) => existsSync(join(dataDir, c, 'chat.json')));

const messagesOf = (chat) => chat.flatMap((b) => (b.turns ?? []).flatMap((t) => (Array.isArray(t) ? t : [t]))).filter((m) => m && (m.role === 'user' || m.role === 'assistant'));

function cm(env, cwd, argv) {
  const r = spawnSync(process.execPath, [CLI, ...argv], { cwd, env, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`claude-mem ${argv.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

const zero = () => ({ questions: 0, current_at_1: 0, current_at_3: 0, stale_at_1: 0, block: 0, bm25_at_1: 0, bm25_at_3: 0 });
const ku = { ...zero() };
const ie = { questions: 0, answered_at_3: 0, bm25_at_3: 0 };
const contra = { questions: 0, located: 0, both_at_5: 0, bm25_both_at_5: 0 };
const contraPerScale = new Map();
const iePerScale = new Map();
const perScale = new Map();
const broken = [];
let importMs = 0;
let transcriptBytes = 0;
let blockTokens = 0;

for (const conv of conversations) {
  const chat = JSON.parse(readFileSync(join(dataDir, conv, 'chat.json'), 'utf8'));
  const qs = JSON.parse(readFileSync(join(dataDir, conv, 'probing_questions.json'), 'utf8'));
  const messages = messagesOf(chat);
  const byId = new Map(messages.map((m) => [m.id, stripIndex(m.content)]));
  const docs = messages.map((m) => stripIndex(m.content));

  const sb = sandbox('beam');
  spawnSync('git', ['init', '-q', sb.project]);
  const slug = sb.project.replace(/[^a-zA-Z0-9]/g, '-');
  const out = join(sb.home, '.claude', 'projects', slug);
  const conv0 = spawnSync(process.execPath, [converter, join(dataDir, conv, 'chat.json'), out, sb.project, conv], { encoding: 'utf8' });
  if (conv0.status !== 0) throw new Error(`convert.mjs failed on ${conv}: ${conv0.stderr}`);
  for (const f of readdirSync(out)) transcriptBytes += readFileSync(join(out, f)).length;
  const t0 = Date.now();
  cm(sb.env, sb.project, ['import', '--from', 'claude']);
  importMs += Date.now() - t0;
  const block = JSON.parse(cm(sb.env, sb.project, ['context', '--json']));
  blockTokens += block.tokens ?? 0;

  const scale = conv.split('/')[0];
  const sc = perScale.get(scale) ?? zero();
  perScale.set(scale, sc);
  for (const [i, q] of (qs.knowledge_update ?? []).entries()) {
    const labels = labelsOf(q, byId);
    if (labels.broken) {
      broken.push(`${conv}#${i}: ${labels.broken}`);
      continue;
    }
    const hits = JSON.parse(cm(sb.env, sb.project, ['query', q.question, '--limit', '3', '--json']));
    const v = scoreQuestion(labels, hits, block.text ?? '');
    const base = bm25(docs, q.question);
    const b = scoreQuestion(labels, base.map((text) => ({ text })), '');
    for (const acc of [ku, sc]) {
      acc.questions++;
      for (const k of ['current_at_1', 'current_at_3', 'stale_at_1', 'block']) acc[k] += v[k] ? 1 : 0;
      acc.bm25_at_1 += b.current_at_1 ? 1 : 0;
      acc.bm25_at_3 += b.current_at_3 ? 1 : 0;
    }
    if (verbose) {
      const mark = v.current_at_1 ? '✓' : v.current_at_3 ? '~' : v.stale_at_1 ? '✗ stale' : '✗';
      console.log(`${conv}#${i} ${mark}  want ${labels.expected} (bm25 ${b.current_at_1 ? '@1' : b.current_at_3 ? '@3' : '-'})  Q: ${q.question}`);
      if (!v.current_at_1) for (const h of hits) console.log(`    · ${h.kind === 'said' ? `[said ${String(h.said_at).slice(0, 10)}]` : `[${h.type} ${String(h.created_at).slice(0, 10)}]`} ${String(h.text).replace(/\s+/g, ' ').slice(0, 200)}`);
    }
  }
  for (const q of qs.information_extraction ?? []) {
    const parts = rubricParts(q);
    if (!parts.length) continue;
    const hits = JSON.parse(cm(sb.env, sb.project, ['query', q.question, '--limit', '3', '--json']));
    const per = iePerScale.get(scale) ?? { questions: 0, answered_at_3: 0, bm25_at_3: 0 };
    iePerScale.set(scale, per);
    const ours = answersAll(parts, hits.map((h) => h.text).join('\n'));
    const theirs = answersAll(parts, bm25(docs, q.question).slice(0, 3).join('\n'));
    for (const acc of [ie, per]) {
      acc.questions++;
      if (ours) acc.answered_at_3++;
      if (theirs) acc.bm25_at_3++;
    }
  }
  for (const q of qs.contradiction_resolution ?? []) {
    const per = contraPerScale.get(scale) ?? { questions: 0, located: 0, both_at_5: 0, bm25_both_at_5: 0 };
    contraPerScale.set(scale, per);
    const found = locateContradiction(q, messages.map((m) => ({ ...m, content: stripIndex(m.content) })));
    for (const acc of [contra, per]) acc.questions++;
    if (!found) continue;
    const hits = JSON.parse(cm(sb.env, sb.project, ['query', q.question, '--limit', '5', '--json']));
    const ours = foundBoth(found, hits.map((h) => h.text));
    const theirs = foundBoth(found, bm25(docs, q.question).slice(0, 5));
    for (const acc of [contra, per]) {
      acc.located++;
      if (ours) acc.both_at_5++;
      if (theirs) acc.bm25_both_at_5++;
    }
    if (verbose && !ours) console.log(`${conv} contradiction ✗ (bm25 ${theirs ? '✓' : '✗'}) Q: ${q.question}\n    never: ${found.negative.slice(0, 120)}\n    but:   ${found.positive.slice(0, 120)}`);
  }
  process.stderr.write(`${conv}: ${ku.current_at_1}/${ku.questions} current@1 so far\n`);
}

const rows = [...[...perScale].map(([scale, s]) => ({ split: scale, ...s })), { split: 'all', ...ku }];
table(rows);
console.log(`\ninformation_extraction: answered in the top 3 ${ie.answered_at_3}/${ie.questions}, BM25 top 3 ${ie.bm25_at_3}/${ie.questions} (${[...iePerScale].map(([k, v]) => `${k} ${v.answered_at_3}/${v.questions} against ${v.bm25_at_3}`).join(', ')})`);
console.log(`contradictions: both statements in the top 5 ${contra.both_at_5}/${contra.located}, BM25 ${contra.bm25_both_at_5}/${contra.located} (${contra.questions - contra.located} not located; ${[...contraPerScale].map(([k, v]) => `${k} ${v.both_at_5}/${v.located} against ${v.bm25_both_at_5}`).join(', ')})`);
console.log(`import: ${(importMs / 1000).toFixed(1)} s for ${(transcriptBytes / 1e6).toFixed(1)} MB of transcripts (${(transcriptBytes / 1e6 / (importMs / 1000)).toFixed(2)} MB/s); block ${Math.round(blockTokens / Math.max(1, conversations.length))} tokens mean`);
if (broken.length) console.log(`left out (broken labels): ${broken.length}\n  ${broken.join('\n  ')}`);

const summary = { ...ku, ie, ieByScale: Object.fromEntries(iePerScale), contra, contraByScale: Object.fromEntries(contraPerScale), importSeconds: importMs / 1000, transcriptMB: transcriptBytes / 1e6, blockTokensMean: Math.round(blockTokens / Math.max(1, conversations.length)) };
mkdirSync(dirname(jsonOut), { recursive: true });
writeFileSync(jsonOut, `${JSON.stringify({ data: dataDir, conversations, rows, summary, broken }, null, 2)}\n`);
console.log(`wrote ${jsonOut}`);
if (!only && resolve(jsonOut) === join(RESULTS, 'beam.json') && writeReadme()) console.log('rewrote the Performance section of README.md');
