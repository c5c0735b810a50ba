import { describe, expect, it } from 'vitest';
import { mayTake, releaseLease, takeLease } from './sync-lease.js';
import { memoryStore } from '../store/test-helpers.js';

describe('one sync at a time per replica', () => {
  const alive = (pids: number[]) => (pid: number) => pids.includes(pid);

  it('a live holder keeps the lease; a gone one, an expired one or the holder itself may take it', () => {
    expect(mayTake(undefined, 1, 0, alive([]))).toBe(true);
    expect(mayTake({ pid: 2, until: 100 }, 1, 50, alive([2]))).toBe(false);
    expect(mayTake({ pid: 2, until: 100 }, 1, 50, alive([]))).toBe(true);
    expect(mayTake({ pid: 2, until: 100 }, 1, 150, alive([2]))).toBe(true);
    expect(mayTake({ pid: 1, until: 100 }, 1, 50, alive([1]))).toBe(true);
  });

  it('is taken and released through the store, atomically', () => {
    const s = memoryStore();
    expect(takeLease(s, 1000)).toBe(true);
    // The same process again (a nested call) keeps it; another live process would wait.
    expect(takeLease(s, 1001)).toBe(true);
    s.db.prepare("UPDATE team_state SET value = ? WHERE key = 'sync_lease'").run(`${process.ppid}:${Date.now() + 60_000}`);
    expect(takeLease(s)).toBe(false);
    releaseLease(s);
    expect(takeLease(s)).toBe(false);
    s.db.prepare("UPDATE team_state SET value = '' WHERE key = 'sync_lease'").run();
    expect(takeLease(s)).toBe(true);
  });
});
