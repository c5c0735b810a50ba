import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requestWarm, runWarm, warmFiles } from './warm.js';

const dir = (): string => mkdtempSync(join(tmpdir(), 'cm-warm-'));

describe('one warm at a time', () => {
  it('starts one when none runs, and leaves a note for the running one otherwise', () => {
    const d = dir();
    let started = 0;
    requestWarm(d, () => started++);
    expect(started).toBe(1);
    writeFileSync(warmFiles(d).lock, '');
    requestWarm(d, () => started++);
    expect(started).toBe(1);
    expect(existsSync(warmFiles(d).again)).toBe(true);
  });

  it('goes round again for a change that came while it ran, then lets go of the lock', async () => {
    const d = dir();
    let rounds = 0;
    await runWarm(d, async () => {
      rounds++;
      // A change during the first round asks for one more.
      if (rounds === 1) requestWarm(d, () => undefined);
    });
    expect(rounds).toBe(2);
    expect(existsSync(warmFiles(d).lock)).toBe(false);
    expect(existsSync(warmFiles(d).again)).toBe(false);
  });

  it('stops after five rounds of a change storm, and leaves the note of a second warm to the first', async () => {
    const d = dir();
    let rounds = 0;
    await runWarm(d, async () => {
      rounds++;
      requestWarm(d, () => undefined);
      // A second warm started meanwhile does nothing itself.
      let second = 0;
      await runWarm(d, async () => void second++);
      expect(second).toBe(0);
    });
    expect(rounds).toBe(5);
  });

  it('takes over a lock left by a killed warm', async () => {
    const d = dir();
    writeFileSync(warmFiles(d).lock, '');
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(warmFiles(d).lock, old, old);
    let rounds = 0;
    await runWarm(d, async () => void rounds++);
    expect(rounds).toBe(1);
  });

  it('runs once, unlocked, where the project has no folder yet', async () => {
    let rounds = 0;
    await runWarm(join(dir(), 'missing'), async () => void rounds++);
    expect(rounds).toBe(1);
  });
});
