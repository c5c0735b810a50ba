/**
 * One sync at a time per replica. Two at once (the background `sync --watch`
 * of `run` and a manual `sync`) read the same feed position, pull the same
 * page and both apply it: links lose their memory, deletes go unapplied and
 * replicas disagree for good. The lease is a row of the store's team state,
 * taken in an IMMEDIATE transaction (the store's own write lock makes taking
 * it atomic), held by a process id until released, and taken over only from
 * a process that is gone or a lease past its time (a sync killed midway).
 */
import type { MemoryStore } from '../store/index.js';
import { inTransaction, setTeamState, teamState } from '../store/team-links.js';

const KEY = 'sync_lease';
/** A sync that holds its lease longer than this was killed or hung: the next one takes over. */
export const LEASE_MS = 10 * 60_000;

interface Lease {
  pid: number;
  until: number;
}

/** Pure: may `pid` take a lease held as `held` at `now` (`alive` tells whether a process still runs)? */
export function mayTake(held: Lease | undefined, pid: number, now: number, alive: (pid: number) => boolean): boolean {
  return !held || held.pid === pid || held.until < now || !alive(held.pid);
}

const parse = (v: string | undefined): Lease | undefined => {
  const m = /^(\d+):(\d+)$/.exec(v ?? '');
  return m ? { pid: Number(m[1]), until: Number(m[2]) } : undefined;
};

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lease for this process; false when another live sync holds it. */
export function takeLease(store: MemoryStore, now = Date.now()): boolean {
  return inTransaction(store, () => {
    if (!mayTake(parse(teamState(store, KEY)), process.pid, now, alive)) return false;
    setTeamState(store, KEY, `${process.pid}:${now + LEASE_MS}`);
    return true;
  });
}

export function releaseLease(store: MemoryStore): void {
  inTransaction(store, () => {
    if (parse(teamState(store, KEY))?.pid === process.pid) setTeamState(store, KEY, '');
  });
}

/**
 * Runs `fn` holding the lease, waiting up to `waitMs` for another sync to
 * finish; undefined when it did not (the caller says so, or skips a round).
 */
export async function withLease<T>(store: MemoryStore, waitMs: number, fn: () => Promise<T>): Promise<T | undefined> {
  const until = Date.now() + waitMs;
  while (!takeLease(store)) {
    if (Date.now() >= until) return undefined;
    await new Promise((r) => setTimeout(r, 200));
  }
  try {
    return await fn();
  } finally {
    releaseLease(store);
  }
}
