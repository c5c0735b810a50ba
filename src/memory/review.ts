/**
 * What `review` walks through and does: the memories no person has looked
 * at yet, newest session first, and the three things a person can do to
 * one besides leaving it (accept, retype; edit and forget are the memory's
 * own operations).
 */
import type { Memory, MemoryType, Stores, WriteResult } from '../store/index.js';

/**
 * Pending memories grouped by session, the session written most recently
 * first, each session's memories in the order they were made. Pure.
 */
export function reviewOrder(pending: Memory[]): Memory[] {
  const latest = new Map<string, number>();
  const key = (m: Memory): string => m.sessionId ?? `${m.source ?? ''}:${m.id}`;
  for (const m of pending) latest.set(key(m), Math.max(latest.get(key(m)) ?? 0, m.createdAt));
  return [...pending].sort((a, b) => (latest.get(key(b)) ?? 0) - (latest.get(key(a)) ?? 0) || key(a).localeCompare(key(b)) || a.createdAt - b.createdAt || a.rowid - b.rowid);
}

export function pendingReview(stores: Stores): Memory[] {
  return reviewOrder(stores.all.flatMap((s) => s.pendingReview()));
}

export function pendingReviewCount(stores: Stores): number {
  return stores.all.reduce((n, s) => n + s.pendingReviewCount(), 0);
}

export function accept(stores: Stores, id: string, now = Date.now()): boolean {
  const where = stores.locate(id);
  return where ? where.store.markReviewed(where.rowid, now) : false;
}

/**
 * A new type for a memory, reviewed by the person who chose it. Fact and
 * project live in the project store: the row changes in place. Global
 * lives in the user store: the memory moves there (a new id; its text,
 * dates, agent and source stay), bound to no directory; back from global,
 * it is bound to `projectRoot`.
 */
export async function retype(stores: Stores, id: string, type: MemoryType, projectRoot: string, now = Date.now()): Promise<Memory | undefined> {
  const where = stores.locate(id);
  const m = where?.store.get(where.rowid);
  if (!where || !m) return undefined;
  if (m.type === type) {
    where.store.markReviewed(where.rowid, now);
    return where.store.get(where.rowid);
  }
  const target = stores.storeFor(type);
  if (target === where.store) {
    where.store.retype(where.rowid, type, now);
    return where.store.get(where.rowid);
  }
  const [r] = await target.writeMany(
    [{ type, text: m.text, dir: type === 'global' ? '' : projectRoot, agent: m.agent, sessionId: m.sessionId, source: m.source, createdAt: m.createdAt, explicit: true, force: true }],
    stores.policy(),
    now,
    { dedup: false },
  );
  const moved = movedTo(target, r);
  if (moved === undefined) return undefined;
  target.markReviewed(moved, now);
  where.store.forget(where.rowid);
  return target.get(moved);
}

/** The row the moved memory now has: new, or one that already said exactly that. */
function movedTo(target: Stores['user'], r: WriteResult | undefined): number | undefined {
  if (!r?.id || !(r.action === 'inserted' || r.action === 'duplicate')) return undefined;
  return target.parseId(r.id);
}
