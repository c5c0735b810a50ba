// Candidates for sub-linear vector search (issue: search at scale), side by
// side in one run on the same store and the same queries:
//   exact     — vec0 exact KNN over float[384] (what search does today);
//   binary    — vec0 KNN over bit[384] (vec_quantize_binary, Hamming), then
//               the float cosine of the M best, reranked;
//   int8      — vec0 exact KNN over int8[384] (vec_quantize_int8, unit
//               scale), then the float cosine of the 100 best, reranked;
//   fts-first — the FTS5 pool only, each candidate's float cosine looked up;
//   hnsw-i8   — what search does on a store past store.ann_min_vectors: the
//               product's own VectorIndex over a usearch HNSW graph (int8
//               cells) built by buildAnnIndex, its candidates re-scored with
//               the float vectors, plus the memories newer than the build.
// Each reports p50/p99 per query and recall@10 against exact KNN (binary)
// or against the exact hybrid's top 10 (fts-first), which must stay ≥ 0.98.
//   node bench/vector-search.mjs [--n 10000,100000] [--queries 200]
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { join } from 'node:path';
import { sandbox, now, pct, fmt, table } from './lib.mjs';
import { buildStore, syntheticText } from './fixtures.mjs';
import { lexicalVector } from '../dist/store/embed/lexical.js';
import { ftsMatchQuery } from '../dist/text/index.js';
import { VectorIndex } from '../dist/store/vectors.js';
import { AnnReader, buildAnnIndex } from '../dist/store/ann.js';
import { statementCache } from '../dist/store/statements.js';
import { LEXICAL_EMBEDDER_ID } from '../dist/store/embed/lexical.js';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const sizes = arg('--n', '10000,100000').split(',').map(Number);
const Q = Number(arg('--queries', '200'));
const blob = (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
const asVec = (b) => new Float32Array(new Uint8Array(b).buffer);
const cos = (a, b) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

/** Queries a person might type about memories in the store: a few words of one, reordered, with a word dropped. */
function queries(n) {
  const out = [];
  for (let q = 0; q < Q; q++) {
    const words = syntheticText((q * 7919) % n).replace(/\(.*\)/, '').split(/\s+/).filter(Boolean);
    out.push(words.filter((_, i) => i !== 1).reverse().join(' '));
  }
  return out;
}

function time(fn) {
  const t0 = now();
  const r = fn();
  return [now() - t0, r];
}

const rows = [];
for (const n of sizes) {
  const sb = sandbox(`vsearch-${n}`);
  await buildStore(sb, n);
  const db = new Database(join(sb.project, '.claude-mem', 'mem.db'));
  sqliteVec.load(db);
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  const t0 = now();
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS bench_bits USING vec0(memory_id integer primary key, embedding bit[384])');
  db.exec('INSERT INTO bench_bits (memory_id, embedding) SELECT memory_id, vec_quantize_binary(embedding) FROM memory_vectors');
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS bench_i8 USING vec0(memory_id integer primary key, embedding int8[384])');
  db.exec("INSERT INTO bench_i8 (memory_id, embedding) SELECT memory_id, vec_quantize_int8(embedding, 'unit') FROM memory_vectors");
  const buildMs = now() - t0;
  const dbPath = join(sb.project, '.claude-mem', 'mem.db');
  const annBuild = buildAnnIndex(statementCache(db), dbPath, LEXICAL_EMBEDDER_ID);
  const hnsw = new VectorIndex(statementCache(db), () => LEXICAL_EMBEDDER_ID, new AnnReader(dbPath));
  const exact = db.prepare('SELECT memory_id AS id, distance FROM memory_vectors WHERE embedding MATCH ? AND k = ?');
  const bits = db.prepare('SELECT memory_id AS id FROM bench_bits WHERE embedding MATCH vec_quantize_binary(?) AND k = ?');
  const i8 = db.prepare("SELECT memory_id AS id FROM bench_i8 WHERE embedding MATCH vec_quantize_int8(?, 'unit') AND k = ?");
  const byId = db.prepare('SELECT embedding FROM memory_vectors WHERE memory_id = ?');
  const fts = db.prepare('SELECT rowid AS id, bm25(memories_fts, 1.0, 0.5) AS b FROM memories_fts WHERE memories_fts MATCH ? ORDER BY b LIMIT 100');
  const rerank = (v, ids) =>
    ids
      .map((id) => ({ id, c: cos(v, asVec(byId.get(BigInt(id)).embedding)) }))
      .sort((a, b) => b.c - a.c)
      .slice(0, 10)
      .map((x) => x.id);
  const stats = { exact: [], binary200: [], binary1000: [], int8: [], fts: [], 'hnsw-i8': [] };
  const recall = { binary200: [], binary1000: [], int8: [], fts: [], 'hnsw-i8': [] };
  for (const q of queries(n)) {
    const v = lexicalVector(q);
    const [te, ex] = time(() => exact.all(blob(v), 100).map((r) => Number(r.id)));
    stats.exact.push(te);
    const truth = new Set(ex.slice(0, 10));
    for (const m of [200, 1000]) {
      const [tb, top] = time(() => rerank(v, bits.all(blob(v), m).map((r) => Number(r.id))));
      stats[`binary${m}`].push(tb);
      recall[`binary${m}`].push(top.filter((id) => truth.has(id)).length / Math.max(1, truth.size));
    }
    const [ti, i8top] = time(() => rerank(v, i8.all(blob(v), 100).map((r) => Number(r.id))));
    stats.int8.push(ti);
    recall.int8.push(i8top.filter((id) => truth.has(id)).length / Math.max(1, truth.size));
    // The pool search asks for 100 (search.ts asks 5 per result, at least 50).
    const [th, hn] = time(() => hnsw.nearest(v, 100).map((x) => x.memoryId));
    stats['hnsw-i8'].push(th);
    const hnTop = new Set(hn.slice(0, 10));
    recall['hnsw-i8'].push([...truth].filter((id) => hnTop.has(id)).length / Math.max(1, truth.size));
    // FTS-first against the exact hybrid: both pools fused the same way (cosine-led), top 10.
    const match = ftsMatchQuery(q);
    const [tf, lex] = time(() => (match ? fts.all(match).map((r) => Number(r.id)) : []));
    const [tr, ftsTop] = time(() => rerank(v, lex));
    stats.fts.push(tf + tr);
    const hybridTruth = new Set(rerank(v, [...new Set([...ex, ...lex])]));
    recall.fts.push(ftsTop.filter((id) => hybridTruth.has(id)).length / Math.max(1, hybridTruth.size));
  }
  const avg = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  for (const [name, xs] of Object.entries(stats)) {
    rows.push({
      memories: n,
      method: name,
      p50_ms: fmt(pct(xs, 50)),
      p99_ms: fmt(pct(xs, 99)),
      vs_exact_p50: fmt(pct(xs, 50) / pct(stats.exact, 50)),
      'recall@10': name === 'exact' ? '1 (baseline)' : fmt(avg(recall[name]), 3),
      build: name.startsWith('binary') || name === 'int8' ? `${fmt(buildMs / 1000, 1)} s (both)` : name === 'hnsw-i8' ? `${fmt((annBuild?.ms ?? 0) / 1000, 1)} s` : '',
    });
  }
  db.close();
}
table(rows);
