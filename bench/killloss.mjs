// Output lost when the wrapper is killed with kill -9: a python ticker
// prints its own clock every 10 ms under `claude-mem run`; after the kill
// the last line on the terminal is compared with the last line in the .cast.
// Target: at most 100 ms lost. Median and max over N runs.
import { spawn } from 'node-pty';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, sandbox, fmt, median } from './lib.mjs';

const TICKER = 'import time\ni=0\nwhile True:\n print(f"tick-{i} at {time.time():.3f}", flush=True); i+=1; time.sleep(0.01)';
const lastAt = (text) => Math.max(...[...text.matchAll(/tick-\d+ at (\d+\.\d+)/g)].map((m) => Number(m[1])));

function once() {
  return new Promise((resolve) => {
    const sb = sandbox('kill');
    const pty = spawn(process.execPath, [CLI, 'run', '-q', 'python3', '-c', TICKER], { cwd: sb.project, env: sb.env, cols: 100, rows: 30 });
    let out = '';
    pty.onData((d) => (out += d));
    setTimeout(() => process.kill(pty.pid, 'SIGKILL'), 1500 + Math.random() * 500);
    pty.onExit(() => {
      const dir = join(sb.project, '.claude-mem', 'sessions');
      const cast = readdirSync(dir).find((f) => f.endsWith('.cast'));
      const raw = cast ? readFileSync(join(dir, cast), 'utf8') : '';
      resolve(lastAt(out) - lastAt(raw));
    });
  });
}

export async function killloss({ runs = 9 } = {}) {
  const lost = [];
  for (let i = 0; i < runs; i++) lost.push((await once()) * 1000);
  return [{ figure: 'output lost at kill -9', variant: `${runs} runs, 10 ms ticker`, 'median ms': fmt(median(lost), 0), 'max ms': fmt(Math.max(...lost), 0), target: '<= 100 ms' }];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { table } = await import('./lib.mjs');
  table(await killloss());
}
