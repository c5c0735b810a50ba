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
  const time = (argv) => {
    const xs = [];
    for (let i = 0; i < runs; i++) {
      const t0 = now();
      spawnSync(process.execPath, argv, { cwd: sb.project, env: sb.env, input });
      xs.push(now() - t0);
    }
    return xs;
  };
  const timeSh = (script) => {
    const xs = [];
    for (let i = 0; i < runs; i++) {
      const t0 = now();
      spawnSync('/bin/sh', ['-c', script], { cwd: sb.project, env: sb.env, input });
      xs.push(now() - t0);
    }
    return xs;
  };
  const base = time(['-e', '0']);
  const hookTimes = time([HOOK, 'hook', 'PostToolUse', '--for', 'claude']);
  spawnSync(process.execPath, [CLI, 'remember', 'The test command for this repo is `pytest -q`, run from the root.'], { cwd: sb.project, env: sb.env });
  const startTimes = time([HOOK, 'hook', 'SessionStart', '--for', 'gemini']);
  const shTimes = timeSh(`cat >> '${sb.home}/spool.jsonl'`);
  const baseline = `node -e 0: ${fmt(pct(base, 50), 0)} / ${fmt(pct(base, 99), 0)} ms`;
  const row = (variant, xs) => ({ figure: 'hook', variant, p50: `${fmt(pct(xs, 50), 0)} ms`, p99: `${fmt(pct(xs, 99), 0)} ms`, baseline });
  return [
    row('claude-mem hook PostToolUse', hookTimes),
    row('claude-mem hook SessionStart (the block)', startTimes),
    row('sh -c "cat >> spool" (a hook without Node)', shTimes),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { table } = await import('./lib.mjs');
  table(hook({ runs: Number(process.argv[2] ?? 40) }));
}
