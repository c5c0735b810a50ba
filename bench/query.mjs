// 4. Query latency in-process at several store sizes, FTS alone and hybrid;
// plus the whole `claude-mem query` process.
import { spawnSync } from 'node:child_process';
import { CLI, ROOT, sandbox, now, pct, median, fmt } from './lib.mjs';
import { buildStore, syntheticText } from './fixtures.mjs';
import { openMemory, withMemory } from 'claude-mem';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { lexicalMatches } from '../dist/store/lexical.js';
import { VectorIndex } from '../dist/store/vectors.js';
import { AnnReader } from '../dist/store/ann.js';
import { statementCache } from '../dist/store/statements.js';
import { LEXICAL_EMBEDDER_ID, lexicalVector } from '../dist/store/embed/lexical.js';
import { vecExtension } from '../dist/store/native-libs.js';

/**
 * The approximate index against exact KNN on the same store file: the
 * share of each query's exact top 10 that the index's top 10 holds,
 * averaged over `count` queries made from the store's own texts (a word
 * dropped, the rest reversed, so no query is a stored text).
 */
function annRecall(dbPath, n, count = 200) {
  const db = new Database(dbPath, { readonly: true });
  db.loadExtension(vecExtension());
  const stmt = statementCache(db);
  const approx = new VectorIndex(stmt, () => LEXICAL_EMBEDDER_ID, new AnnReader(dbPath));
  const exact = new VectorIndex(stmt, () => LEXICAL_EMBEDDER_ID);
  let sum = 0;
  for (let q = 0; q < count; q++) {
    const words = syntheticText((q * 7919) % n).replace(/\(.*\)/, '').split(/\s+/).filter(Boolean);
    const v = lexicalVector(words.filter((_, i) => i !== 1).reverse().join(' '));
    const truth = new Set(exact.exact(v, 10).map((x) => x.memoryId));
    const got = approx.nearest(v, 10).map((x) => x.memoryId);
    sum += got.filter((id) => truth.has(id)).length / Math.max(1, truth.size);
  }
  db.close();
  return sum / count;
}

const EXACT = { probe: 1e9, recent: 1e9 };

/**
 * The lexical half alone, on the store file: bm25 bounded as the product
 * does it (store/lexical.ts) against bm25 over every match, side by side.
 * Agreement counts a bounded top-10 hit as right when exact search has it
 * in its top 10 or scores it level with its 10th (the synthetic store is
 * full of ties, and either side may break them).
 */
function lexicalBound(dbPath, reps) {
  const db = new Database(dbPath, { readonly: true });
  const cache = new Map();
  const stmt = (sql) => cache.get(sql) ?? cache.set(sql, db.prepare(sql)).get(sql);
  const bounded = [];
  const exact = [];
  let right = 0;
  let asked = 0;
  for (let r = 0; r < reps; r++) {
    for (const q of [...QUERIES, ...LONGER]) {
      let t0 = now();
      const e = [...lexicalMatches(stmt, q, 50, EXACT)];
      exact.push(now() - t0);
      t0 = now();
      const b = [...lexicalMatches(stmt, q, 50)];
      bounded.push(now() - t0);
      if (r > 0) continue;
      const top = new Set(e.slice(0, 10).map(([id]) => id));
      const tenth = e[Math.min(9, e.length - 1)]?.[1] ?? 0;
      right += b.slice(0, 10).filter(([id, s]) => top.has(id) || s >= tenth - 1e-9).length;
      asked += Math.min(10, e.length);
    }
  }
  db.close();
  return { bounded, exact, agreement: asked ? right / asked : 1 };
}

// Longer questions too, for the bounded bm25: more common words at once.
const LONGER = ['create_time index orders', 'T-7919 ticket', 'cron 表达式 定时任务', 'how do we format the logs for billing exporter', 'staging database migration must not touch orders', 'which cache layer depends on Redis 7'];
const QUERIES = ['orders table index', '日志 JSON 格式', 'payment webhook staging', '缓存键 版本号', 'pytest -q', 'rate limiter redis', '数据库迁移', 'login page snake_case'];

/**
 * A store shaped like conversations: sessions of 20, every other memory a
 * question and the next its answer, so a search also learns answer words
 * (store/answer-terms.ts), which a store of statements never triggers.
 */
async function buildConversations(sb, n) {
  await withMemory({ cwd: sb.project, env: sb.env, sets: ['store.vector_model=lexical'] }, async (m) => {
    const t0 = Date.now();
    for (let from = 0; from < n; from += 5000) {
      const batch = [];
      for (let i = from; i < Math.min(n, from + 5000); i++) {
        const text = i % 2 === 0 ? `Do you know whether ${syntheticText(i)}?` : `Yes: ${syntheticText(i)}`;
        batch.push({ type: 'fact', text, dir: '/bench', agent: 'bench', sessionId: `s${Math.floor(i / 20)}`, createdAt: t0 + i, explicit: true });
      }
      await m.write(batch, { dedup: false });
    }
  });
}

/** Hybrid search p50/p99 over QUERIES on one store. */
async function hybridTimes(sb, reps) {
  const memory = await openMemory({ cwd: sb.project, env: sb.env, sets: ['store.vector_model=lexical'] });
  const xs = [];
  for (let r = 0; r < reps; r++) {
    for (const q of QUERIES) {
      const t0 = now();
      await memory.search(q, { limit: 10, type: 'fact' });
      xs.push(now() - t0);
    }
  }
  memory.close();
  return xs;
}

export async function query({ sizes, reps }) {
  const rows = [];
  // Side by side at 10k: statements, and conversations (questions and their answers).
  {
    const plain = sandbox('qplain');
    await buildStore(plain, 10000);
    const talk = sandbox('qtalk');
    await buildConversations(talk, 10000);
    const a = await hybridTimes(plain, reps);
    const b = await hybridTimes(talk, reps);
    rows.push({
      figure: 'query in-process',
      variant: '10000 memories as conversations (every other one a question), hybrid, exact vectors',
      'p50 ms': fmt(pct(b, 50), 2),
      'p99 ms': `${fmt(pct(b, 99), 2)}; × ${fmt(pct(b, 50) / pct(a, 50), 2)} p50 of statements in the same run (${fmt(pct(a, 50), 2)} ms)`,
    });
  }
  for (const n of sizes) {
    const sb = sandbox(`q${n}`);
    await buildStore(sb, n);
    const memory = await openMemory({ cwd: sb.project, env: sb.env, sets: ['store.vector_model=lexical'] });
    const ftsTimes = [];
    const hybrid = [];
    for (let r = 0; r < reps; r++) {
      for (const q of QUERIES) {
        let t0 = now();
        await memory.search(q, { limit: 10, type: 'fact', lexicalOnly: true });
        ftsTimes.push(now() - t0);
        t0 = now();
        await memory.search(q, { limit: 10, type: 'fact' });
        hybrid.push(now() - t0);
      }
    }
    memory.close();
    rows.push({ figure: 'query in-process', variant: `${n} memories, FTS only`, 'p50 ms': fmt(pct(ftsTimes, 50), 2), 'p99 ms': fmt(pct(ftsTimes, 99), 2) });
    rows.push({ figure: 'query in-process', variant: `${n} memories, hybrid, exact vectors`, 'p50 ms': fmt(pct(hybrid, 50), 2), 'p99 ms': fmt(pct(hybrid, 99), 2) });
    // Past store.ann_min_vectors a store gets its approximate index (built in
    // the background in use; here in the foreground), and the same searches run again.
    const built = spawnSync(process.execPath, [CLI, 'index'], { cwd: sb.project, env: { ...sb.env, CLAUDE_MEM_STORE_VECTOR_MODEL: 'lexical' }, encoding: 'utf8' });
    if (/project store: indexed/.test(built.stderr ?? '')) {
      const approx = await openMemory({ cwd: sb.project, env: sb.env, sets: ['store.vector_model=lexical'] });
      const ann = [];
      for (let r = 0; r < reps; r++) {
        for (const q of QUERIES) {
          const t0 = now();
          await approx.search(q, { limit: 10, type: 'fact' });
          ann.push(now() - t0);
        }
      }
      approx.close();
      rows.push({ figure: 'query in-process', variant: `${n} memories, hybrid, approximate index`, 'p50 ms': fmt(pct(ann, 50), 2), 'p99 ms': fmt(pct(ann, 99), 2) });
      rows.push({ figure: 'vector search recall', variant: `${n} memories, approximate index against exact KNN, 200 queries`, 'p50 ms': `recall@10 ${fmt(annRecall(join(sb.project, '.claude-mem', 'mem.db'), n), 3)}`, 'p99 ms': '' });
    }
    if (n === sizes[sizes.length - 1]) {
      const lex = lexicalBound(join(sb.project, '.claude-mem', 'mem.db'), reps);
      rows.push({
        figure: 'query in-process',
        variant: `${n} memories, bm25 bounded (every rare-term match, all-words and newest sets)`,
        'p50 ms': fmt(pct(lex.bounded, 50), 2),
        'p99 ms': `over every match: ${fmt(pct(lex.exact, 50), 2)}; top-10 agreement ${fmt(lex.agreement, 3)}`,
      });
      // Warm: the query server a first query started answers (query-server/); cold: a process that
      // answers itself every time (retrieval.query_server off), as the first query after 5 idle minutes does.
      const words = syntheticText(42).slice(0, 20);
      const query = [process.execPath, CLI, '--quiet', 'query', words];
      spawnSync(query[0], query.slice(1), { cwd: sb.project, env: sb.env, stdio: 'ignore' });
      const run = join(sb.env.CLAUDE_MEM_DATA_DIR, 'run');
      for (const until = Date.now() + 30_000; Date.now() < until && !(existsSync(run) && readdirSync(run).some((f) => f.startsWith('query-') && f.endsWith('.sock'))); ) spawnSync('sleep', ['0.05']);
      const timed = spawnSync(
        process.execPath,
        [
          join(ROOT, 'bench', 'time-processes.mjs'),
          JSON.stringify({
            runs: 11,
            cwd: sb.project,
            env: sb.env,
            variants: { warm: query, cold: query, node: [process.execPath, '-e', '0'] },
            envs: { cold: { CLAUDE_MEM_RETRIEVAL_QUERY_SERVER: 'false' } },
          }),
        ],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      if (timed.status !== 0) throw new Error(`timing the query process failed: ${timed.stderr}`);
      const { warm: xs, cold, node } = JSON.parse(timed.stdout);
      // The server ends with its socket; the sandbox goes at exit.
      for (const f of existsSync(run) ? readdirSync(run).filter((f) => f.startsWith('query-')) : []) rmSync(join(run, f), { force: true });
      rows.push({ figure: 'query process', variant: `claude-mem query, ${n} memories, no query server (cold)`, 'p50 ms': fmt(median(cold), 1), 'p99 ms': `node -e 0: ${fmt(median(node), 1)}` });
      rows.push({ figure: 'query process', variant: `claude-mem query, ${n} memories, the query server answering`, 'p50 ms': fmt(median(xs), 1), 'p99 ms': `node -e 0: ${fmt(median(node), 1)}` });
    }
  }
  return rows;
}
