// The baseline for pass-through and latency: a minimal node-pty forwarder,
// no recording, no screen, nothing else.
import { spawn } from 'node-pty';
const [cmd, ...args] = process.argv.slice(2);
const p = spawn(cmd, args, { cols: 80, rows: 24, env: process.env, encoding: null });
p.onData((d) => {
  if (!process.stdout.write(d)) {
    p.pause();
    process.stdout.once('drain', () => p.resume());
  }
});
process.stdin.on('data', (d) => p.write(d));
if (process.stdin.isTTY) process.stdin.setRawMode(true);
p.onExit(({ exitCode }) => process.exit(exitCode));
