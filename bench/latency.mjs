// 2. Keystroke echo latency: single bytes through cat, under a bare node-pty,
// under a bare node-pty forwarder (a second terminal in the path, as any
// wrapper has: the floor), and under claude-mem run, p50 and p99. One after
// the other: run at once and taking turns, all three were slower and noisier.
import { fileURLToPath } from 'node:url';
import { spawn } from 'node-pty';
import { CLI, sandbox, now, pct, fmt } from './lib.mjs';

const FORWARDER = fileURLToPath(new URL('./forwarder.mjs', import.meta.url));

function measure(file, args, env, cwd, samples) {
  return new Promise((resolve, reject) => {
    const p = spawn(file, args, { cols: 80, rows: 24, env, cwd, encoding: null });
    const times = [];
    let waiting = null;
    let started = false;
    let out = Buffer.alloc(0);
    p.onData((d) => {
      out = Buffer.concat([out, d]).subarray(-64);
      if (!started) return;
      if (waiting && out.includes(waiting.byte)) {
        times.push(now() - waiting.t0);
        waiting = null;
        setTimeout(next, 5);
      }
    });
    const chars = 'abcdefghijklmnopqrstuvwxyz';
    let i = 0;
    const next = () => {
      if (times.length >= samples) {
        p.kill();
        resolve(times);
        return;
      }
      const ch = chars[i++ % chars.length];
      out = Buffer.alloc(0);
      waiting = { byte: Buffer.from(ch), t0: now() };
      p.write(ch);
    };
    setTimeout(() => {
      started = true;
      next();
    }, 1500);
    setTimeout(() => reject(new Error('latency run timed out')), 120_000).unref();
  });
}

export async function latency({ samples }) {
  const sb = sandbox('lat');
  const bare = await measure('cat', [], sb.env, sb.project, samples);
  const forwarded = await measure(process.execPath, [FORWARDER, 'cat'], sb.env, sb.project, samples);
  const wrapped = await measure(process.execPath, [CLI, 'run', '--quiet', 'cat'], sb.env, sb.project, samples);
  const row = (variant, t) => ({ figure: 'keystroke echo', variant, 'p50 ms': fmt(pct(t, 50), 3), 'p99 ms': fmt(pct(t, 99), 3) });
  const over = (variant, a, b) => ({ figure: 'keystroke echo', variant, 'p50 ms': fmt(pct(a, 50) - pct(b, 50), 3), 'p99 ms': fmt(pct(a, 99) - pct(b, 99), 3) });
  return [
    row('bare node-pty cat', bare),
    row('node-pty forwarder cat (wrapper floor)', forwarded),
    row('claude-mem run cat', wrapped),
    over('wrapper − bare', wrapped, bare),
    over('forwarder − bare', forwarded, bare),
    over('wrapper − forwarder', wrapped, forwarded),
  ];
}
