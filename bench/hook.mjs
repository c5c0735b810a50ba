// The hook endpoint as a CLI calls it: one `claude-mem hook PostToolUse`
// process per event, with the event JSON on stdin, by the command `setup`
// writes (the CommonJS entry, dist/hook/main.cjs). Wall time p50/p99 beside
// `node -e 0` (the floor for any Node process) in the same run; and a shell
// that only appends stdin to a file, what a hook that is not a Node process
// would cost. SessionStart (the block built from the stores) is timed too:
// Gemini takes a first prompt before it finishes.
import { spawnSync } from 'node:child_process';
import { CLI, HOOK, sandbox, now, pct, fmt } from './lib.mjs';

export function hook({ runs }) {
  const sb = sandbox('hook');
  const input = JSON.stringify({ session_id: 'b1', cwd: sb.project, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'make check' }, tool_response: { stdout: 'ok', stderr: '', interrupted: false } });
  // Each variant once per round, in turn (as launch.mjs), so a slow spell of
  // this shared machine falls on all of them: run in blocks, a spell during
  // the floor's block once made its p99 218 ms against the hook's 118.
  const variants = [
    { argv: ['-e', '0'] },
    { argv: [HOOK, 'hook', 'PostToolUse', '--for', 'claude'] },
    { argv: [HOOK, 'hook', 'SessionStart', '--for', 'gemini'] },
    { sh: `cat >> '${sb.home}/spool.jsonl'` },
  ];
  spawnSync(process.execPath, [CLI, 'remember', 'The test command for this repo is `pytest -q`, run from the root.'], { cwd: sb.project, env: sb.env });
  const [base, hookTimes, startTimes, shTimes] = variants.map(() => []);
  const all = [base, hookTimes, startTimes, shTimes];
  for (let i = 0; i < runs; i++) {
    for (const [k, v] of variants.entries()) {
      const t0 = now();
      if (v.sh) spawnSync('/bin/sh', ['-c', v.sh], { cwd: sb.project, env: sb.env, input });
      else spawnSync(process.execPath, v.argv, { cwd: sb.project, env: sb.env, input });
      all[k].push(now() - t0);
    }
  }
  // Over the floor run by run: the hook's run minus the floor's of the same round.
  const over = hookTimes.map((ms, i) => ms - base[i]);
  const baseline = `node -e 0: ${fmt(pct(base, 50), 0)} / ${fmt(pct(base, 99), 0)} ms`;
  const row = (variant, xs) => ({ figure: 'hook', variant, p50: `${fmt(pct(xs, 50), 0)} ms`, p99: `${fmt(pct(xs, 99), 0)} ms`, baseline, 'over node -e 0, paired': '' });
  return [
    { ...row('claude-mem hook PostToolUse', hookTimes), 'over node -e 0, paired': `${fmt(pct(over, 50), 0)} / ${fmt(pct(over, 99), 0)} ms` },
    row('claude-mem hook SessionStart (the block)', startTimes),
    row('sh -c "cat >> spool" (a hook without Node)', shTimes),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { table } = await import('./lib.mjs');
  table(hook({ runs: Number(process.argv[2] ?? 40) }));
}
