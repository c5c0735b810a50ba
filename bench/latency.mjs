// 2. Keystroke echo latency: single bytes through cat, under a bare node-pty,
// under a bare node-pty forwarder (a second terminal in the path, as any
// wrapper has: the floor), and under claude-mem run, p50 and p99. The three
// run at once and take turns, one keystroke each, so a stall of this shared
// machine falls on all of them alike rather than on whichever ran then.
import { fileURLToPath } from 'node:url';
import { spawn } from 'node-pty';
import { CLI, sandbox, now, pct, fmt } from './lib.mjs';

const FORWARDER = fileURLToPath(new URL('./forwarder.mjs', import.meta.url));
const CHARS = 'abcdefghijklmnopqrstuvwxyz';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A terminal running `file args`; `echo(ch)` types one byte and resolves with the ms until it came back. */
function session(file, args, env, cwd) {
  const p = spawn(file, args, { cols: 80, rows: 24, env, cwd, encoding: null });
  let out = Buffer.alloc(0);
  let waiting;
  p.onData((d) => {
    out = Buffer.concat([out, d]).subarray(-64);
    if (waiting && out.includes(waiting.byte)) {
      const w = waiting;
      waiting = undefined;
      w.resolve(now() - w.t0);
    }
  });
  return {
    echo: (ch) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no echo from ${file} ${args.join(' ')} in 10 s`)), 10_000);
        out = Buffer.alloc(0);
        waiting = { byte: Buffer.from(ch), t0: now(), resolve: (ms) => (clearTimeout(timer), resolve(ms)) };
        p.write(ch);
      }),
    kill: () => p.kill(),
  };
}

export async function latency({ samples }) {
  const sb = sandbox('lat');
  const variants = [
    ['bare node-pty cat', session('cat', [], sb.env, sb.project)],
    ['node-pty forwarder cat (wrapper floor)', session(process.execPath, [FORWARDER, 'cat'], sb.env, sb.project)],
    ['claude-mem run cat', session(process.execPath, [CLI, 'run', '--quiet', 'cat'], sb.env, sb.project)],
  ];
  await sleep(1500);
  const times = variants.map(() => []);
  try {
    for (let i = 0; i < samples; i++) {
      for (const [k, [, s]] of variants.entries()) {
        times[k].push(await s.echo(CHARS[i % CHARS.length]));
        await sleep(5);
      }
    }
  } finally {
    for (const [, s] of variants) s.kill();
  }
  const [bare, forwarded, wrapped] = times;
  const row = (variant, t) => ({ figure: 'keystroke echo', variant, 'p50 ms': fmt(pct(t, 50), 3), 'p99 ms': fmt(pct(t, 99), 3) });
  const over = (variant, a, b) => ({ figure: 'keystroke echo', variant, 'p50 ms': fmt(pct(a, 50) - pct(b, 50), 3), 'p99 ms': fmt(pct(a, 99) - pct(b, 99), 3) });
  return [
    ...variants.map(([name], k) => row(name, times[k])),
    over('wrapper − bare', wrapped, bare),
    over('forwarder − bare', forwarded, bare),
    over('wrapper − forwarder', wrapped, forwarded),
  ];
}
