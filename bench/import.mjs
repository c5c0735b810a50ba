// `claude-mem import` at scale: N Claude Code transcripts of T turns each,
// spread over 10 projects, in a sandbox home. Reports wall time and peak RSS
// of the import process, beside `node -e 0` as the baseline, and the second
// (idempotent) run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, sandbox, now, fmt } from './lib.mjs';

const TOPICS = ['the test command', 'the deploy script', 'the cache TTL', 'the migrations folder', '日志格式', '支付回调', 'the rate limiter', 'feature flags'];

function transcript(cwd, id, turns, t0) {
  const lines = [];
  for (let i = 0; i < turns; i++) {
    const at = (k) => new Date(t0 + i * 60_000 + k * 1000).toISOString();
    const topic = TOPICS[i % TOPICS.length];
    lines.push(JSON.stringify({ type: 'user', uuid: `${id}-u${i}`, timestamp: at(0), sessionId: id, cwd, version: '2.1.197', message: { role: 'user', content: `question ${i} about ${topic}?` } }));
    lines.push(JSON.stringify({ type: 'assistant', uuid: `${id}-a${i}`, timestamp: at(1), sessionId: id, cwd, version: '2.1.197', message: { role: 'assistant', content: [{ type: 'text', text: `For ${topic}, run \`make task-${i % 50}\` from the root; the config lives in config/${i % 30}.yaml.` }, { type: 'tool_use', id: `${id}-t${i}`, name: 'Bash', input: { command: `make task-${i % 50}`, description: `Run task ${i % 50}` } }] } }));
    lines.push(JSON.stringify({ type: 'user', uuid: `${id}-r${i}`, timestamp: at(2), sessionId: id, cwd, version: '2.1.197', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `${id}-t${i}`, content: 'ok', is_error: false }] } }));
  }
  return `${lines.join('\n')}\n`;
}

function timed(argv, cwd, env) {
  return new Promise((resolve) => {
    const t0 = now();
    const child = spawn(process.execPath, argv, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let peak = 0;
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const timer = setInterval(() => {
      try {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
        peak = Math.max(peak, kb / 1024);
      } catch {
        // Gone.
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({ ms: now() - t0, peak, code, err });
    });
  });
}

export async function importBench({ files, turns }) {
  const sb = sandbox('import');
  const projects = join(sb.home, '.claude', 'projects');
  const t0 = Date.parse('2026-06-01T00:00:00Z');
  for (let p = 0; p < 10; p++) {
    const cwd = join(sb.home, `proj${p}`);
    mkdirSync(join(cwd, '.git'), { recursive: true });
    const dir = join(projects, cwd.replace(/[^a-zA-Z0-9]/g, '-'));
    mkdirSync(dir, { recursive: true });
    for (let f = p; f < files; f += 10) writeFileSync(join(dir, `s${f}.jsonl`), transcript(cwd, `s${f}`, turns, t0 + f * 86_400_000));
  }
  const b0 = now();
  spawnSync(process.execPath, ['-e', '0']);
  const baseline = now() - b0;
  const first = await timed([CLI, 'import'], sb.home, sb.env);
  const second = await timed([CLI, 'import'], sb.home, sb.env);
  return [
    { figure: 'import', variant: `${files} transcripts × ${turns} turns, first run`, time: `${fmt(first.ms / 1000, 1)} s`, 'peak RSS': `${fmt(first.peak, 0)} MB`, baseline: `node -e 0: ${fmt(baseline, 0)} ms`, note: (first.err.trim().split('\n').pop() ?? '').replace(/ in \/.*$/, '') },
    { figure: 'import', variant: 'second run (nothing new)', time: `${fmt(second.ms / 1000, 1)} s`, 'peak RSS': `${fmt(second.peak, 0)} MB`, baseline: '', note: (second.err.trim().split('\n').pop() ?? '').replace(/ in \/.*$/, '') },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { table } = await import('./lib.mjs');
  const files = Number(process.argv[2] ?? 1000);
  table(await importBench({ files, turns: Number(process.argv[3] ?? 100) }));
}
