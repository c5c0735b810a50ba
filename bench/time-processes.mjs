#!/usr/bin/env node
// Times whole processes from a small parent. A bench that has just built a
// 100k store holds a large heap, and every spawnSync from it pays for
// forking that heap (node -e 0 took 100 ms from there, 30 ms from a shell):
// what a user's shell pays is measured from a process like this one.
//   node bench/time-processes.mjs '<json: { runs, cwd, env, variants: { name: [cmd, ...args] }, envs?: { name: { VAR: value } } }>'
// Prints { name: [ms, ...] } as JSON, the variants interleaved run by run.
import { spawnSync } from 'node:child_process';

const { runs, cwd, env, variants, envs = {} } = JSON.parse(process.argv[2] ?? '{}');
const now = () => Number(process.hrtime.bigint()) / 1e6;
const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
for (let i = 0; i < runs; i++) {
  for (const [name, [cmd, ...args]] of Object.entries(variants)) {
    const t0 = now();
    const r = spawnSync(cmd, args, { cwd, env: { ...env, ...envs[name] }, stdio: ['ignore', 'ignore', 'pipe'] });
    times[name].push(now() - t0);
    if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
  }
}
process.stdout.write(JSON.stringify(times));
