// 6. The wrapper's RSS over a session of N lines, sampled from /proc, to show
// whether it stays flat.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CLI, sandbox, fmt } from './lib.mjs';

function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function rss({ lines }) {
  const sb = sandbox('rss');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'run', '--quiet', 'sh', '-c', `seq 1 ${lines} | sed 's/$/ some output text of a long session/'`], { cwd: sb.project, env: sb.env, stdio: ['ignore', 'ignore', 'ignore'] });
    const samples = [];
    const timer = setInterval(() => {
      const r = rssMb(child.pid);
      if (r !== undefined) samples.push(r);
    }, 100);
    child.on('exit', () => {
      clearInterval(timer);
      const q = Math.max(1, Math.floor(samples.length / 4));
      const first = samples.slice(0, q);
      const last = samples.slice(-q);
      const avg = (xs) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
      resolve([
        {
          figure: 'wrapper RSS',
          variant: `${lines} lines, ${samples.length} samples`,
          'max MB': fmt(Math.max(...samples), 1),
          'first quarter MB': fmt(avg(first), 1),
          'last quarter MB': fmt(avg(last), 1),
        },
      ]);
    });
  });
}
