import { readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawn, type IPty } from 'node-pty';
import { EchoProbe } from '../../src/pty/echo-probe.js';

/** Processes holding `pts` open (Linux /proc): a helper that kept it open would stop the terminal hanging up when its child exits. */
function holding(pts: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === pts)) pids.push(Number(pid));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return pids;
}

/** A shell on a real PTY, told to set its terminal; resolves with its pts once it has. */
async function terminalIn(stty: string): Promise<{ pty: IPty; pts: string }> {
  const pty = spawn('sh', ['-c', `stty ${stty}; echo ready; exec sleep 30`], { cols: 80, rows: 24, env: process.env });
  await new Promise<void>((r) => {
    const sub = pty.onData((d) => {
      if (d.includes('ready')) {
        sub.dispose();
        r();
      }
    });
  });
  return { pty, pts: (pty as unknown as { ptsName: string }).ptsName };
}

describe('the echo probe on a real PTY', () => {
  it('tells echo on, a hidden line and raw keys apart, answering questions in order', async () => {
    for (const [stty, want] of [
      ['echo icanon', 'on'],
      ['-echo icanon', 'off'],
      ['-echo -icanon', 'raw'],
    ] as const) {
      const { pty, pts } = await terminalIn(stty);
      const probe = new EchoProbe(pts);
      try {
        expect(await Promise.all([probe.query(), probe.query()])).toEqual([want, want]);
      } finally {
        probe.dispose();
        pty.kill();
      }
    }
  });

  it.runIf(process.platform === 'linux')('holds the terminal open only while it reads it', async () => {
    const { pty, pts } = await terminalIn('echo icanon');
    const before = holding(pts).sort();
    const probe = new EchoProbe(pts);
    try {
      expect(await probe.query()).toBe('on');
      // The answer is written before the reading stty exits, so it may still hold the pts for a moment: wait for it to let go.
      await expect.poll(() => holding(pts).sort(), { timeout: 5000, interval: 20 }).toEqual(before);
    } finally {
      probe.dispose();
      pty.kill();
    }
  });
});
