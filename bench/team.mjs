// The team store on a throwaway PostgreSQL cluster (tests/helpers/pg-cluster.mjs):
// - five clients each writing N memories, then syncing at once until every
//   replica holds all of them: the time to converge, and memories lost or
//   doubled (on the server and in each replica; both must be 0);
// - a 10-memory change reaching another client's replica while both run
//   their `sync --watch` (as run starts it), p50 and p99;
// - pull speed: a teammate's N memories into a fresh replica, one `sync`
//   (the memories a minute; the writer's push, rate-limited by the server, is not timed);
// - local query latency with a 50,000-memory team replica beside the same
//   50,000 memories as the user's own (the baseline), same queries, same run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { withMemory, openMemory } from 'claude-mem';
import { CLI, sandbox, now, pct, fmt } from './lib.mjs';
import { syntheticText } from './fixtures.mjs';
import { ADMIN_PASSWORD, startCluster } from '../tests/helpers/pg-cluster.mjs';

const DB = 'cm_bench';
const QUERIES = ['orders table index', '日志 JSON 格式', 'payment webhook staging', '缓存键 版本号', 'pytest -q', 'rate limiter redis', '数据库迁移', 'login page snake_case'];

function client(pg, role, remote) {
  const sb = sandbox(`team-${role}`);
  mkdirSync(join(sb.project, '.git'), { recursive: true });
  writeFileSync(join(sb.project, '.git', 'config'), `[remote "origin"]\n\turl = ${remote}\n`);
  sb.env = { ...sb.env, CLAUDE_MEM_TEAM_URL: pg.url(role, DB), CLAUDE_MEM_TEAM_NAME: 'bench', CLAUDE_MEM_TEAM_SHARE: 'all', CLAUDE_MEM_STORE_VECTOR_MODEL: 'lexical', PGPASSWORD: `${role}-pw` };
  return sb;
}

const cli = (sb, args) => new Promise((resolve) => {
  const c = spawn(process.execPath, [CLI, ...args], { cwd: sb.project, env: sb.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  c.stderr.on('data', (d) => (err += d));
  c.on('close', (status) => resolve({ status, err }));
});

const countOf = (sb) => {
  try {
    const db = new Database(join(sb.project, '.claude-mem', 'mem.db'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare('SELECT count(*) AS n, count(DISTINCT text) AS d FROM memories').get();
    } finally {
      db.close();
    }
  } catch {
    return { n: 0, d: 0 };
  }
};

async function write(sb, texts, agent = 'user') {
  await withMemory({ cwd: sb.project, env: sb.env }, (m) => m.write(texts.map((text, i) => ({ type: 'project', text, dir: m.paths.projectRoot, agent, explicit: true, createdAt: Date.now() + i })), { dedup: false }));
}

async function converge(pg, n, each) {
  const people = Array.from({ length: n }, (_, i) => client(pg, `c${i}`, 'https://github.com/acme/bench.git'));
  for (const [i, sb] of people.entries()) await write(sb, Array.from({ length: each }, (_, k) => `${syntheticText(k)} [client ${i}]`));
  const total = n * each;
  const t0 = now();
  let rounds = 0;
  while (rounds < 6) {
    rounds++;
    const rs = await Promise.all(people.map((sb) => cli(sb, ['sync'])));
    const failed = rs.find((r) => r.status !== 0);
    if (failed) throw new Error(`a sync failed: ${failed.err}`);
    if (people.every((sb) => countOf(sb).n >= total)) break;
  }
  const ms = now() - t0;
  const admin = await pg.admin(DB);
  const server = (await admin.query("SELECT count(*)::int AS rows, count(DISTINCT uid)::int AS uids FROM cm_changes WHERE project = 'github.com/acme/bench'")).rows[0];
  await admin.end();
  const counts = people.map(countOf);
  const lost = counts.reduce((s, c) => s + Math.max(0, total - c.d), 0) + Math.max(0, total - server.uids);
  const doubled = counts.reduce((s, c) => s + (c.n - c.d), 0) + (server.rows - server.uids);
  return { figure: 'team convergence', variant: `${n} clients × ${each} memories, syncing at once`, p50: `${fmt(ms / 1000, 1)} s`, p99: `${rounds} rounds`, baseline: `lost ${lost}, doubled ${doubled}` };
}

async function propagation(pg, reps) {
  const a = client(pg, 'c0', 'https://github.com/acme/live.git');
  const b = client(pg, 'c1', 'https://github.com/acme/live.git');
  await write(a, ['Seed of the live bench: the gateway listens on 8443']);
  await cli(a, ['sync']);
  await cli(b, ['sync']);
  const watchers = [a, b].map((sb) => spawn(process.execPath, [CLI, 'sync', '--watch'], { cwd: sb.project, env: sb.env, stdio: 'ignore' }));
  await new Promise((r) => setTimeout(r, 2000));
  const times = [];
  try {
    for (let r = 0; r < reps; r++) {
      const before = countOf(b).n;
      const t0 = now();
      await write(a, Array.from({ length: 10 }, (_, k) => `Live change ${r}-${k}: service ${k} moved to port ${30000 + r * 10 + k}`));
      while (countOf(b).n < before + 10) {
        if (now() - t0 > 30_000) throw new Error('a change did not arrive within 30 s');
        await new Promise((res) => setTimeout(res, 20));
      }
      times.push(now() - t0);
    }
  } finally {
    for (const w of watchers) w.kill();
  }
  return { figure: 'team propagation', variant: `a 10-memory change, writer to a teammate's replica, both running sync --watch, ${reps} changes`, p50: `${fmt(pct(times, 50), 0)} ms`, p99: `${fmt(pct(times, 99), 0)} ms`, baseline: 'target ≤ 2000 ms p99' };
}

/** A fresh replica pulling a teammate's `n` memories in one `sync`: memories a minute. */
async function pullSpeed(pg, n) {
  const writer = client(pg, 'c0', 'https://github.com/acme/pull.git');
  const reader = client(pg, 'c1', 'https://github.com/acme/pull.git');
  for (let from = 0; from < n; from += 5000) await write(writer, Array.from({ length: Math.min(5000, n - from) }, (_, k) => `${syntheticText(from + k)} [pull ${from + k}]`));
  // The server limits pushes a minute (migration 003): the writer may need more than one sync.
  for (let i = 0; i < 10; i++) {
    const r = await cli(writer, ['sync']);
    if (r.status !== 0) throw new Error(`the writer's sync failed: ${r.err}`);
    if (!/stay local/i.test(r.err)) break;
    await new Promise((res) => setTimeout(res, 61_000));
  }
  const t0 = now();
  const r = await cli(reader, ['sync']);
  const ms = now() - t0;
  if (r.status !== 0) throw new Error(`the reader's sync failed: ${r.err}`);
  const got = countOf(reader).n;
  return { figure: 'team pull', variant: `a teammate's ${n} memories into a fresh replica, one sync`, p50: `${fmt(ms / 1000, 1)} s`, p99: `${Math.round((got / ms) * 60_000)} memories/min`, baseline: `pulled ${got} of ${n}; target ≥ 20000/min` };
}

async function queryLatency(size, reps) {
  const own = sandbox('team-own');
  const team = sandbox('team-replica');
  for (const [sb, agent] of [[own, 'user'], [team, 'team:bob']]) {
    for (let from = 0; from < size; from += 5000) await write(sb, Array.from({ length: Math.min(5000, size - from) }, (_, k) => syntheticText(from + k)), agent);
  }
  // The replica's bookkeeping, as sync leaves it: one link per memory.
  const db = new Database(join(team.project, '.claude-mem', 'mem.db'));
  db.exec("INSERT INTO team_links (uid, memory_id, origin, author, pushed_hash) SELECT 'u' || id, id, 'team', 'bob', content_hash FROM memories");
  db.close();
  const measure = async (sb) => {
    const m = await openMemory({ cwd: sb.project, env: { ...sb.env, CLAUDE_MEM_STORE_VECTOR_MODEL: 'lexical' } });
    const t = [];
    try {
      for (const q of QUERIES) await m.search(q);
      for (let r = 0; r < reps; r++) for (const q of QUERIES) t.push((await m.search(q)).ms);
    } finally {
      m.close();
    }
    return t;
  };
  // Alternating, so both see the same machine.
  const a = [];
  const b = [];
  for (let i = 0; i < 3; i++) {
    a.push(...(await measure(own)));
    b.push(...(await measure(team)));
  }
  return { figure: 'team replica query', variant: `${size} memories from the team, hybrid, in-process`, p50: `${fmt(pct(b, 50))} ms`, p99: `${fmt(pct(b, 99))} ms`, baseline: `the same ${size} as the user's own: ${fmt(pct(a, 50))} ms p50, ${fmt(pct(a, 99))} ms p99; ratio ${fmt(pct(b, 50) / pct(a, 50))}` };
}

/** `run true` in a project whose store holds a team replica: with the team configured (run starts its sync beside the session) and without, alternating. */
async function launchLatency(pg, runs) {
  const sb = client(pg, 'c0', 'https://github.com/acme/live.git');
  const off = { ...sb.env, CLAUDE_MEM_TEAM_URL: '', CLAUDE_MEM_TEAM_NAME: '' };
  const once = (env) => {
    const t0 = now();
    spawnSync(process.execPath, [CLI, 'run', '-q', '--', 'true'], { cwd: sb.project, env, stdio: 'ignore' });
    const ms = now() - t0;
    // The sync it started ends a tick after the wrapper: the next run starts once it is gone, or it would pay for it.
    for (let i = 0; i < 50 && spawnSync('pgrep', ['-f', 'sync --watch --parent']).status === 0; i++) spawnSync('sleep', ['0.1']);
    spawnSync('sleep', ['0.2']);
    return ms;
  };
  once(sb.env);
  once(off);
  const on = [];
  const base = [];
  for (let i = 0; i < runs; i++) {
    on.push(once(sb.env));
    base.push(once(off));
  }
  return { figure: 'team launch', variant: `claude-mem run true, team configured (its sync started beside the session), median of ${runs}`, p50: `${fmt(pct(on, 50), 1)} ms`, p99: `max ${fmt(Math.max(...on), 1)} ms`, baseline: `no team: ${fmt(pct(base, 50), 1)} ms; ratio ${fmt(pct(on, 50) / pct(base, 50))}` };
}

/** The cluster as the bench uses it (one team, `clients` members c0…); exported for a closer look at one figure. */
export async function teamCluster(clients) {
  const pg = await startCluster();
  await pg.createDatabase(DB);
  for (let i = 0; i < clients; i++) await pg.createRole(`c${i}`, `c${i}-pw`);
  const admin = sandbox('team-admin');
  const url = `postgres://postgres:${ADMIN_PASSWORD}@127.0.0.1:${pg.port}/${DB}`;
  const run = (args) => spawnSync(process.execPath, [CLI, ...args, '--url', url], { cwd: admin.project, env: admin.env, encoding: 'utf8' });
  run(['team', 'init', 'bench']);
  for (let i = 0; i < clients; i++) run(['team', 'add', `c${i}`, '--team', 'bench']);
  return { pg, client: (role, remote) => client(pg, role, remote), write, cli, countOf };
}

export async function team({ clients = 5, each = 2000, reps = 20, replica = 50_000, pull = 10_000 }) {
  const { pg } = await teamCluster(clients);
  try {
    return [await converge(pg, clients, each), await propagation(pg, reps), await pullSpeed(pg, pull), await launchLatency(pg, 11), await queryLatency(replica, reps)];
  } finally {
    pg.destroy();
  }
}
