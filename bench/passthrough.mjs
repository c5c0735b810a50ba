// 1. Pass-through throughput: N MB of output through claude-mem run, script(1)
// and a bare node-pty forwarder, run side by side, best of a few runs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { CLI, ROOT, sandbox, now, fmt, settle } from './lib.mjs';

export function passthrough({ mb, runs }) {
  const sb = sandbox('pass');
  const gen = `head -c ${mb * 1024 * 1024} /dev/zero | tr '\\0' 'x' | fold -w 99`;
  const variants = {
    'script(1)': ['script', ['-qfc', gen, '/dev/null']],
    'node-pty forwarder': [process.execPath, [join(ROOT, 'bench', 'forwarder.mjs'), 'sh', '-c', gen]],
    'claude-mem run': [process.execPath, [CLI, 'run', '--quiet', '--', 'sh', '-c', gen]],
    'claude-mem run --no-record': [process.execPath, [CLI, 'run', '--quiet', '--no-record', '--', 'sh', '-c', gen]],
  };
  const best = {};
  for (let r = 0; r < runs; r++) {
    // Interleaved, so machine noise hits every variant alike.
    for (const [name, [cmd, args]] of Object.entries(variants)) {
      settle();
      const t0 = now();
      const res = spawnSync(cmd, args, { cwd: sb.project, env: sb.env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 20 });
      const ms = now() - t0;
      if (res.status !== 0) throw new Error(`${name} failed: ${res.stderr}`);
      best[name] = Math.min(best[name] ?? Infinity, ms);
    }
  }
  const base = best['script(1)'];
  return Object.entries(best).map(([name, ms]) => ({
    figure: `pass-through ${mb} MB`,
    variant: name,
    ms: fmt(ms, 0),
    'MB/s': fmt((mb * 1000) / ms, 1),
    'ratio vs script': fmt(ms / base),
  }));
}
