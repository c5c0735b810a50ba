// Distilling huge logs: a 50 MB single terminal line, and a long session of
// N MB (default 1024) of varied output, each through `claude-mem distill`
// in its own process, reporting time and peak RSS (GNU time). The target
// is RSS <= 200 MB whatever the log size: memory follows the screen.
//   node bench/biglog.mjs [--mb 1024]
import { spawnSync } from 'node:child_process';
import { mkdirSync, openSync, writeSync, closeSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, sandbox, now, fmt } from './lib.mjs';

const header = (id) => `${JSON.stringify({ version: 2, width: 120, height: 30, timestamp: Math.floor(Date.now() / 1000), command: 'bash', 'x-claude-mem': { session_id: id, cwd: '/bench', agent: 'bash' } })}\n`;

function writeLongLine(path, mb) {
  const fd = openSync(path, 'w');
  writeSync(fd, header('line'));
  const chunk = 'x'.repeat(65536);
  let t = 1;
  for (let i = 0; i < mb * 16; i++) writeSync(fd, `${JSON.stringify([(t += 0.001), 'o', chunk])}\n`);
  writeSync(fd, `${JSON.stringify([(t += 1), 'o', '\r\nDecided to keep the build cache on the local disk, fixed the path.\r\n'])}\n`);
  closeSync(fd);
}

const WORDS = ['orders', 'billing', 'cache', 'index', 'migration', 'webhook', 'deploy', 'staging', 'token', 'request', 'latency', 'queue', '日志', '订单', '缓存', '索引'];

function writeSession(path, mb) {
  const fd = openSync(path, 'w');
  writeSync(fd, header('long'));
  let t = 0;
  let size = 0;
  let n = 0;
  let buf = '';
  while (size < mb * 1024 * 1024) {
    const w = (k) => WORDS[(n * 7 + k * 13) % WORDS.length];
    const line = `[${String(n).padStart(8, '0')}] ${w(1)} ${w(2)} step ${n % 997} took ${n % 83} ms, ${w(3)} ok\r\n`;
    const ev = `${JSON.stringify([(t += 0.002), 'o', line.repeat(20)])}\n`;
    buf += ev;
    size += ev.length;
    n++;
    if (buf.length > 1 << 20) {
      writeSync(fd, buf);
      buf = '';
    }
  }
  writeSync(fd, buf);
  closeSync(fd);
}

function distillOne(sb, id) {
  const t0 = now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, CLI, '--quiet', 'distill', '--session', id], { cwd: sb.project, env: sb.env, encoding: 'utf8' });
  const ms = now() - t0;
  const rssKb = Number((r.stderr.trim().split('\n').pop() ?? '').trim());
  return { ms, rssMb: rssKb / 1024, status: r.status };
}

export async function biglog({ mb = 1024 } = {}) {
  const rows = [];
  for (const [id, write, size] of [['line', writeLongLine, 50], ['long', writeSession, mb]]) {
    const sb = sandbox(`big-${id}`);
    const dir = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${id}.cast`);
    write(path, size);
    const bytes = statSync(path).size;
    const r = distillOne(sb, id);
    rows.push({
      figure: 'distill huge log',
      variant: id === 'line' ? `one ${fmt(bytes / 1048576, 0)} MB terminal line` : `${fmt(bytes / 1048576, 0)} MB session`,
      ms: fmt(r.ms, 0),
      'MB/s': fmt(bytes / 1048576 / (r.ms / 1000), 1),
      'peak RSS MB': fmt(r.rssMb, 0),
      target: 'RSS <= 200 MB',
      exit: r.status,
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { table } = await import('./lib.mjs');
  const i = process.argv.indexOf('--mb');
  table(await biglog({ mb: i > 0 ? Number(process.argv[i + 1]) : 1024 }));
}
