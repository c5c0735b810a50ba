#!/usr/bin/env node
// Retrieval quality on a LoCoMo-format file, through the product's own write
// and search path:
//   npm run bench:locomo -- <file.json> [--conversations 0-4] [--json out.json]
// Each conversation gets a fresh store. Every turn is written as a memory
// (Stores.writeMany, with the session date as created_at and
// "locomo:<sample>:<dia_id>" as source); each question is run as a query.
// Metrics as defined in shared/eval/locomo/README.md. Evaluation data only:
// nothing from the file is built into the product.
// The same turns also go into the episode index (what was said, one passage
// per turn, as an import writes it), and each question is asked two more
// ways: of what was said alone (`query --episodes`), and as `query` asks it
// (memories, then passages where memories answer weakly: searchAll).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { openMemory } from 'claude-mem';
import { searchAll } from '../dist/memory/search-all.js';
import { table, fmt, sandbox } from './lib.mjs';
import { RESULTS, writeReadme } from './performance.mjs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d+(-\d+)?$/.test(a));
if (!file) {
  console.error('usage: npm run bench:locomo -- <file.json> [--conversations 0-4] [--json out.json]');
  process.exit(2);
}
const convArg = args[args.indexOf('--conversations') + 1];
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : join('bench', 'results', 'locomo.json');
const data = JSON.parse(readFileSync(file, 'utf8'));
let pick = data.map((_, i) => i);
if (args.includes('--conversations') && convArg) {
  const [a, b] = convArg.split('-').map(Number);
  pick = pick.filter((i) => i >= a && i <= (b ?? a));
}

const DIA = /^D(\d+):(\d+)$/;
const sessionOf = (dia) => Number(DIA.exec(dia)?.[1]);

function parseDate(s) {
  // "1:56 pm on 8 May, 2023"
  const m = /(\d+):(\d+)\s*(am|pm)\s+on\s+(\d+)\s+(\w+),?\s+(\d{4})/i.exec(s ?? '');
  if (!m) return Date.now();
  let h = Number(m[1]) % 12;
  if (m[3].toLowerCase() === 'pm') h += 12;
  return Date.parse(`${m[4]} ${m[5]} ${m[6]} ${String(h).padStart(2, '0')}:${m[2]}:00 UTC`);
}

/** A fresh memory per conversation, in its own sandbox, with the lexical embedder. */
function freshMemory() {
  const sb = sandbox('locomo');
  return openMemory({ cwd: sb.project, env: sb.env, sets: ['store.vector_model=lexical'] });
}

/** Per way of asking (memories, said, query), per category: the metrics summed. */
const tiers = { memories: new Map(), said: new Map(), query: new Map() };
const add = (tier, cat, m) => {
  const perCat = tiers[tier];
  const acc = perCat.get(cat) ?? { n: 0, t5: 0, t10: 0, s1: 0, s3: 0, s5: 0, sall5: 0 };
  acc.n++;
  for (const k of Object.keys(m)) acc[k] += m[k];
  perCat.set(cat, acc);
};

/** The metrics of one ranked list, each hit given as the turns it holds. */
function metrics(valid, turnLists) {
  const turnsAt = (k) => new Set(turnLists.slice(0, k).flat());
  const sessions = [];
  for (const ts of turnLists) for (const d of ts) if (!sessions.includes(sessionOf(d))) sessions.push(sessionOf(d));
  const evSessions = new Set(valid.map(sessionOf));
  const anyIn = (k) => (sessions.slice(0, k).some((s) => evSessions.has(s)) ? 1 : 0);
  const t5 = turnsAt(5);
  const t10 = turnsAt(10);
  return {
    t5: valid.filter((e) => t5.has(e)).length / valid.length,
    t10: valid.filter((e) => t10.has(e)).length / valid.length,
    s1: anyIn(1),
    s3: anyIn(3),
    s5: anyIn(5),
    sall5: [...evSessions].every((s) => sessions.slice(0, 5).includes(s)) ? 1 : 0,
  };
}
let skippedEvidence = 0;
let unanswerable = 0;

for (const ci of pick) {
  const conv = data[ci];
  const c = conv.conversation;
  const memory = await freshMemory();
  const candidates = [];
  const sessionKeys = Object.keys(c).filter((k) => /^session_\d+$/.test(k));
  const known = new Set();
  const said = [];
  for (const key of sessionKeys) {
    const createdAt = parseDate(c[`${key}_date_time`]);
    for (const [position, turn] of c[key].entries()) {
      known.add(turn.dia_id);
      said.push({ sessionId: `${conv.sample_id}:${key}`, at: createdAt + position * 1000, agent: 'locomo', role: 'user', position, dir: '/locomo', text: `${turn.speaker}: ${turn.text}${turn.blip_caption ? ` [shares a photo: ${turn.blip_caption}]` : ''}` });
      const caption = turn.blip_caption ? ` [shares a photo: ${turn.blip_caption}]` : '';
      candidates.push({
        type: 'fact',
        text: `${turn.speaker}: ${turn.text}${caption}`,
        dir: '/locomo',
        agent: 'locomo',
        sessionId: `${conv.sample_id}:${key}`,
        source: `locomo:${conv.sample_id}:${turn.dia_id}`,
        createdAt,
        // Written as ordinary candidates: filters and dedup apply as to any distilled text
        // (an explicit memory is never merged, which would measure something else).
        explicit: false,
      });
    }
  }
  const results = await memory.write(candidates);
  memory.stores.project.addEpisodes(said);
  const diaOf = (sessionId, position) => c[sessionId.slice(`${conv.sample_id}:`.length)]?.[position]?.dia_id;
  // Which turns each memory holds: its own, plus any merged into its supplement.
  const turnsOf = new Map();
  results.forEach((r, i) => {
    if (!r.id) return;
    const dia = candidates[i].source.slice(`locomo:${conv.sample_id}:`.length);
    if (!turnsOf.has(r.id)) turnsOf.set(r.id, []);
    turnsOf.get(r.id).push(dia);
  });
  for (const qa of conv.qa) {
    const evidence = (qa.evidence ?? []).flatMap((e) => String(e).split(/[;,\s]+/)).filter(Boolean);
    const valid = evidence.filter((e) => DIA.test(e) && known.has(e));
    skippedEvidence += evidence.length - valid.length;
    if (valid.length === 0) {
      unanswerable++;
      continue;
    }
    const { hits } = await memory.search(qa.question, { limit: 10, keepWeak: true });
    add('memories', qa.category, metrics(valid, hits.map((h) => turnsOf.get(h.memory.id) ?? [])));
    const ofSaid = (e) => [diaOf(e.sessionId, e.position)].filter(Boolean);
    const saidHits = memory.stores.project.searchEpisodes(qa.question, { limit: 10 }).hits;
    add('said', qa.category, metrics(valid, saidHits.map((h) => ofSaid(h.episode))));
    const { found } = await searchAll(memory, qa.question, { limit: 10 });
    add('query', qa.category, metrics(valid, found.map((f) => (f.kind === 'memory' ? (turnsOf.get(f.hit.memory.id) ?? []) : ofSaid(f.hit.episode)))));
  }
  memory.close();
}

const names = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop', 5: 'adversarial' };
const sum = (perCat, cats) => {
  const t = { n: 0, t5: 0, t10: 0, s1: 0, s3: 0, s5: 0, sall5: 0 };
  for (const c of cats) for (const k of Object.keys(t)) t[k] += perCat.get(c)?.[k] ?? 0;
  return t;
};
const row = (label, a) => ({
  category: label,
  questions: a.n,
  'turn_recall@5': fmt(a.t5 / a.n, 3),
  'turn_recall@10': fmt(a.t10 / a.n, 3),
  'session_any@1': fmt(a.s1 / a.n, 3),
  'session_any@3': fmt(a.s3 / a.n, 3),
  'session_any@5': fmt(a.s5 / a.n, 3),
  'session_all@5': fmt(a.sall5 / a.n, 3),
});
const perCat = tiers.memories;
const cats = [...perCat.keys()].sort();
const rows = [...cats.map((c) => row(`${c} ${names[c] ?? ''}`, perCat.get(c))), row('overall', sum(perCat, cats)), row('overall without 5', sum(perCat, cats.filter((c) => c !== 5)))];
table(rows);
// The other two ways of asking, overall and multi-hop.
const tierRows = ['said', 'query'].flatMap((t) => [row(`${t}: overall`, sum(tiers[t], cats)), row(`${t}: 1 multi-hop`, tiers[t].get(1) ?? sum(tiers[t], []))]);
console.log('\nwhat was said alone (query --episodes), and query as a user runs it (memories, then passages):');
table(tierRows);
console.log(`\nconversations ${pick.join(',')}; evidence ids skipped (malformed or not in the conversation): ${skippedEvidence}; questions without usable evidence: ${unanswerable}; embedder lexical-v1`);
mkdirSync(dirname(jsonOut), { recursive: true });
writeFileSync(jsonOut, `${JSON.stringify({ file, conversations: pick, skippedEvidence, unanswerable, embedder: 'lexical-v1', rows, tiers: tierRows }, null, 2)}\n`);
console.log(`wrote ${jsonOut}`);
// The README's figures come from the default file only (a dev-file run).
if (resolve(jsonOut) === join(RESULTS, 'locomo.json') && writeReadme()) console.log('rewrote the Performance section of README.md');
