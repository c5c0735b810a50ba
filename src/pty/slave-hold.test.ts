import { describe, expect, it } from 'vitest';
import { spawn } from 'node-pty';
import { holdSlaveUntilExit } from './slave-hold.js';

const ptsNameOf = (p: unknown): string | undefined => {
  const name = (p as { ptsName?: unknown }).ptsName;
  return typeof name === 'string' ? name : undefined;
};

describe('holdSlaveUntilExit', () => {
  it('sees a child that exits after its first moments, reads its last output, then stops listening for SIGCHLD', async () => {
    const listeners = process.listenerCount('SIGCHLD');
    // Past the first 200 ms of fast polling: only the signal (or the slow poll) can tell.
    let hold: ReturnType<typeof holdSlaveUntilExit> = { noteOutput: () => undefined, release: () => undefined, held: () => false, afterRelease: (fn) => fn() };
    const pty = spawn('sh', ['-c', 'sleep 0.6; printf last-words'], { cols: 80, rows: 24 });
    let out = '';
    pty.onData((d) => {
      out += d;
      hold.noteOutput();
    });
    const gone = new Promise<void>((resolve) => {
      hold = holdSlaveUntilExit(ptsNameOf(pty), pty.pid, resolve);
    });
    expect(process.listenerCount('SIGCHLD')).toBe(listeners + 1);
    await gone;
    await new Promise<void>((resolve) => pty.onExit(() => resolve()));
    expect(out).toContain('last-words');
    hold.release();
    expect(process.listenerCount('SIGCHLD')).toBe(listeners);
  });

  it('holds nothing and listens for nothing without a slave side to open', () => {
    const listeners = process.listenerCount('SIGCHLD');
    const hold = holdSlaveUntilExit(undefined, process.pid, () => undefined);
    expect(process.listenerCount('SIGCHLD')).toBe(listeners);
    hold.release();
  });
});
