// 3. Launch overhead: claude-mem run true with empty and 10k-memory stores,
// against script -qc true /dev/null, median of repeated runs.
import { spawnSync } from 'node:child_process';
import { CLI, sandbox, now, median, fmt, settle } from './lib.mjs';
import { buildStore } from './fixtures.mjs';


function time(cmd, args, o, runs) {
  const xs = [];
  for (let i = 0; i < runs; i++) {
    settle();
    const t0 = now();
    const r = spawnSync(cmd, args, { ...o, stdio: ['ignore', 'ignore', 'pipe'] });
    xs.push(now() - t0);
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  }
  return median(xs);
}

export async function launch({ runs, memories }) {
  const empty = sandbox('launch0');
  const full = sandbox('launchN');
  await buildStore(full, memories, { type: 'project', dir: full.project });
  const o = (sb) => ({ cwd: sb.project, env: sb.env });
  const base = time('script', ['-qc', 'true', '/dev/null'], o(empty), runs);
  const node = time(process.execPath, ['-e', '0'], o(empty), runs);
  const m0 = time(process.execPath, [CLI, 'run', '--quiet', 'true'], o(empty), runs);
  const mN = time(process.execPath, [CLI, 'run', '--quiet', 'true'], o(full), runs);
  return [
    { figure: 'launch', variant: 'script -qc true', 'median ms': fmt(base, 1), 'over script ms': '0.0' },
    { figure: 'launch', variant: 'node -e 0 (runtime floor)', 'median ms': fmt(node, 1), 'over script ms': fmt(node - base, 1) },
    { figure: 'launch', variant: 'claude-mem run true, empty store', 'median ms': fmt(m0, 1), 'over script ms': fmt(m0 - base, 1) },
    { figure: 'launch', variant: `claude-mem run true, ${memories} memories`, 'median ms': fmt(mN, 1), 'over script ms': fmt(mN - base, 1) },
  ];
}
