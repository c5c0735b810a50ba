import { mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawn, type IPty } from 'node-pty';
import { execFileSync } from 'node:child_process';
import { EchoProbe, parseSttyG } from '../../src/pty/echo-probe.js';
import { echoHelperArgs } from '../../src/pty/echo-helper.js';

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
        // The first reading is stty's, the rest the perl reader's (echo-helper.ts): both must agree.
        expect(await Promise.all([probe.query(), probe.query(), probe.query()])).toEqual([want, want, want]);
        expect(await probe.query()).toBe(want);
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

  it('reads the same flags with perl, and with stty alone where perl is missing', async () => {
    const { pty, pts } = await terminalIn('-echo icanon');
    // A PATH holding stty and nothing else: no perl to turn into.
    const sttyOnly = mkdtempSync(join(tmpdir(), 'stty-only-'));
    symlinkSync(execFileSync('/bin/sh', ['-c', 'command -v stty'], { encoding: 'utf8' }).trim(), join(sttyOnly, 'stty'));
    // And one whose perl fails at once: the stty loop takes over.
    const brokenPerl = mkdtempSync(join(tmpdir(), 'broken-perl-'));
    symlinkSync(join(sttyOnly, 'stty'), join(brokenPerl, 'stty'));
    writeFileSync(join(brokenPerl, 'perl'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    try {
      for (const PATH of [process.env['PATH'], sttyOnly, brokenPerl]) {
        // Three questions: stty answers the first, then perl (or stty again) the rest.
        const out = execFileSync('/bin/sh', echoHelperArgs(pts, process.platform, process.arch), {
          input: '?\n?\n?\n',
          env: { ...process.env, PATH },
          encoding: 'utf8',
        });
        const lines = out.trim().split('\n');
        expect(lines.map(parseSttyG)).toEqual(['off', 'off', 'off']);
        // stty -g prints every field; the perl reader only the four flag words.
        const perl = PATH === process.env['PATH'] && process.platform === 'linux' && ['x64', 'arm64'].includes(process.arch);
        expect(lines.map((l) => l.split(':').length === 4)).toEqual([false, perl, perl]);
      }
    } finally {
      rmSync(sttyOnly, { recursive: true, force: true });
      rmSync(brokenPerl, { recursive: true, force: true });
      pty.kill();
    }
  });
});
