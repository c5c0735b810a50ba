// The hook endpoint as a CLI calls it: one `claude-mem hook PostToolUse`
// process per event, with the event JSON on stdin. Wall time p50/p99 beside
// `node -e 0` (the floor for any Node process) in the same run.
import { spawnSync } from 'node:child_process';
import { CLI, sandbox, now, pct, fmt } from './lib.mjs';

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
  const base = time(['-e', '0']);
  const hookTimes = time([CLI, 'hook', 'PostToolUse', '--for', 'claude']);
  return [
    { figure: 'hook', variant: 'claude-mem hook PostToolUse', p50: `${fmt(pct(hookTimes, 50), 0)} ms`, p99: `${fmt(pct(hookTimes, 99), 0)} ms`, baseline: `node -e 0: ${fmt(pct(base, 50), 0)} / ${fmt(pct(base, 99), 0)} ms` },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { table } = await import('./lib.mjs');
  table(hook({ runs: Number(process.argv[2] ?? 40) }));
}
