// The viewer with 10,000 memories: its first page fully drawn in a real
// (headless) chromium, a search answered over HTTP, and the Markdown round
// trip (export, then import with no changes). Each beside a baseline in
// the same run: an empty page from the same server, `node -e 0`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../tests/helpers/browser.mjs';
import { CLI, sandbox, now, pct, fmt } from './lib.mjs';
import { buildStore } from './fixtures.mjs';

const QUERIES = ['orders table index', '日志 JSON 格式', 'payment webhook staging', '缓存键 版本号', 'pytest -q', 'rate limiter redis', '数据库迁移', 'login page snake_case'];

export async function ui({ memories, reps }) {
  const sb = sandbox('ui');
  await buildStore(sb, memories, { type: 'project', dir: sb.project });
  const env = { ...sb.env, CLAUDE_MEM_STORE_VECTOR_MODEL: 'lexical' };
  const server = spawn(process.execPath, [CLI, 'ui', '--no-open'], { cwd: sb.project, env, stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((resolve) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+/.exec(out);
      if (m) resolve(m[0]);
    });
  });
  const token = url.replace(/.*token=/, '');
  const base = url.replace(/\?token=.*/, '');
  const rows = [];
  {
    const browser = await launchBrowser();
    const page = await browser.newPage();
    const first = [];
    const blank = [];
    for (let i = 0; i < 5; i++) {
      let t0 = now();
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelectorAll('#hits li').length > 0);
      first.push(now() - t0);
      t0 = now();
      await page.goto(`${base}app.css`);
      blank.push(now() - t0);
    }
    await browser.close();
    rows.push({ figure: 'viewer first page', variant: `${memories} memories, drawn (newest 50)`, p50: `${fmt(pct(first, 50), 0)} ms`, p99: `max ${fmt(Math.max(...first), 0)} ms`, baseline: `a static file ${fmt(pct(blank, 50), 1)} ms; target ≤ 1000 ms` });
  }
  const times = [];
  for (let r = 0; r < reps; r++) {
    for (const q of QUERIES) {
      const t0 = now();
      await (await fetch(`${base}api/search?q=${encodeURIComponent(q)}`, { headers: { 'x-claude-mem-token': token } })).json();
      times.push(now() - t0);
    }
  }
  const ping = [];
  for (let i = 0; i < 20; i++) {
    const t0 = now();
    await (await fetch(`${base}favicon.ico`)).arrayBuffer();
    ping.push(now() - t0);
  }
  rows.push({ figure: 'viewer search', variant: `${memories} memories, over HTTP`, p50: `${fmt(pct(times, 50))} ms`, p99: `${fmt(pct(times, 99))} ms`, baseline: `empty round trip ${fmt(pct(ping, 50))} ms; target ≤ 100 ms p50` });
  server.kill('SIGTERM');

  const out = mkdtempSync(join(tmpdir(), 'cm-bench-md-'));
  let t0 = now();
  const ex = spawnSync(process.execPath, [CLI, '-q', 'export', '--markdown', out], { cwd: sb.project, env });
  const exportMs = now() - t0;
  t0 = now();
  const im = spawnSync(process.execPath, [CLI, '-q', 'import', '--markdown', out], { cwd: sb.project, env, encoding: 'utf8' });
  const importMs = now() - t0;
  t0 = now();
  spawnSync(process.execPath, ['-e', '0']);
  const nodeMs = now() - t0;
  rows.push({ figure: 'markdown round trip', variant: `${memories} memories`, p50: `export ${fmt(exportMs / 1000, 2)} s${ex.status ? ' (failed)' : ''}`, p99: `import, no changes ${fmt(importMs / 1000, 2)} s${im.status ? ' (failed)' : ''}`, baseline: `node -e 0 ${fmt(nodeMs, 0)} ms; targets ≤ 5 s each` });
  return rows;
}
