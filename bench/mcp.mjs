// The MCP server as a client sees it: tokens per call (search at 10 rows,
// get of 1 and 5 ids, counted with the BPE tokenizer), search latency inside
// the running server at several store sizes (round trip over stdio, beside
// the same search in-process as the baseline), and the server's RSS idle and
// after 1,000 calls, beside its live heap (mcp-heap.mjs).
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { encode } from 'gpt-tokenizer';
import { openMemory } from 'claude-mem';
import { CLI, sandbox, now, pct, fmt } from './lib.mjs';
import { buildStore } from './fixtures.mjs';
import { liveHeap } from './mcp-heap.mjs';

const QUERIES = ['orders table index', '日志 JSON 格式', 'payment webhook staging', '缓存键 版本号', 'pytest -q', 'rate limiter redis', '数据库迁移', 'login page snake_case'];

/**
 * The server's resident memory in MB: all of it, and its anonymous part (the
 * heap and native allocations). The rest is the store's file mapped in
 * (SQLite's mmap, the vector index's view): pages of the page cache that
 * grow with what the searches have read, up to the files' size, and that the
 * kernel takes back under pressure. A leak shows in the anonymous part.
 */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { all: kb('VmRSS'), anon: kb('RssAnon') };
}

const text = (r) => r.content.map((c) => c.text).join('\n');

/** Milliseconds of each call of fn, over every query, reps times. */
async function timed(reps, fn) {
  const out = [];
  for (let r = 0; r < reps; r++) {
    for (const q of QUERIES) {
      const t0 = now();
      await fn(q);
      out.push(now() - t0);
    }
  }
  return out;
}

export async function mcp({ sizes, reps, calls }) {
  const rows = [];
  for (const n of sizes) {
    const sb = sandbox(`mcp${n}`);
    await buildStore(sb, n);
    const env = { ...sb.env, CLAUDE_MEM_STORE_VECTOR_MODEL: 'lexical' };
    // A store this large gets its approximate vector index in the background
    // once the server opens it; build it first, so the build does not run
    // during the measurement.
    const t0 = now();
    const built = spawnSync(process.execPath, [CLI, 'index'], { cwd: sb.project, env, encoding: 'utf8' });
    const buildMs = now() - t0;
    const indexed = /project store: indexed (\d+) vectors/.exec(built.stderr ?? '');
    if (indexed) rows.push({ figure: 'mcp vector index build', variant: `${n} memories, claude-mem index`, p50: `${fmt(buildMs / 1000, 1)} s`, p99: '', baseline: 'in the background, once' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd: sb.project, env, stderr: 'ignore' });
    const client = new Client({ name: 'bench', version: '0' });
    await client.connect(transport);
    const search = (query, limit = 10) => client.callTool({ name: 'search', arguments: { query, limit } });
    await search('warm up');
    const times = await timed(reps, (q) => search(q));
    // The same searches in this process: what the server adds is the stdio round trip.
    const memory = await openMemory({ cwd: sb.project, env });
    const base = await timed(reps, (q) => memory.search(q, { limit: 11 }));
    memory.close();
    // And exact vector search in-process (what a store without its index does).
    const exactMemory = await openMemory({ cwd: sb.project, env: { ...env, CLAUDE_MEM_STORE_ANN_MIN_VECTORS: '0' } });
    const exact = await timed(reps, (q) => exactMemory.search(q, { limit: 11 }));
    exactMemory.close();
    rows.push({
      figure: 'mcp search',
      variant: `${n} memories, in the server (round trip)${indexed ? ', approximate index' : ', exact'}`,
      p50: `${fmt(pct(times, 50))} ms`,
      p99: `${fmt(pct(times, 99))} ms`,
      baseline: `in-process ${fmt(pct(base, 50))} / ${fmt(pct(base, 99))} ms; exact in-process ${fmt(pct(exact, 50))} / ${fmt(pct(exact, 99))} ms`,
    });
    if (n === sizes[0]) {
      const rows10 = text(await search('orders table', 10));
      const ids = rows10.split('\n').filter((l) => / · /.test(l)).map((l) => l.split(' · ')[0]);
      const get1 = text(await client.callTool({ name: 'get', arguments: { ids: ids.slice(0, 1) } }));
      const get5 = text(await client.callTool({ name: 'get', arguments: { ids: ids.slice(0, 5) } }));
      rows.push({ figure: 'mcp tokens per call', variant: `search, ${ids.length} rows`, p50: `${encode(rows10).length} tokens`, p99: '', baseline: 'target ≤ 600' });
      rows.push({ figure: 'mcp tokens per call', variant: 'get, 1 id', p50: `${encode(get1).length} tokens`, p99: '', baseline: '' });
      rows.push({ figure: 'mcp tokens per call', variant: 'get, 5 ids', p50: `${encode(get5).length} tokens`, p99: '', baseline: '' });
      const pid = transport.pid;
      const idle = rssOf(pid);
      for (let i = 0; i < calls; i++) await search(QUERIES[i % QUERIES.length]);
      const after = rssOf(pid);
      for (let i = 0; i < calls; i++) await search(QUERIES[i % QUERIES.length]);
      const after2 = rssOf(pid);
      rows.push({
        figure: 'mcp server RSS',
        variant: `${n} memories`,
        p50: `idle ${fmt(idle.all, 0)} MB`,
        p99: `after ${calls} calls ${fmt(after.all, 0)} MB, after ${2 * calls} ${fmt(after2.all, 0)} MB`,
        baseline: `anonymous (heap and native): idle ${fmt(idle.anon, 0)} MB, after ${calls} calls ${fmt(after.anon, 0)} MB, after ${2 * calls} ${fmt(after2.anon, 0)} MB`,
      });
      const heap = await liveHeap(sb, QUERIES, { calls, rounds: 2 });
      rows.push({
        figure: 'mcp server live heap',
        variant: `${n} memories, after a full GC`,
        p50: `after 10 calls ${fmt(heap[0], 1)} MB`,
        p99: `after ${calls} calls ${fmt(heap[1], 1)} MB, after ${2 * calls} ${fmt(heap[2], 1)} MB`,
        baseline: 'the server in this process, over an in-memory transport',
      });
    }
    await client.close();
  }
  return rows;
}
