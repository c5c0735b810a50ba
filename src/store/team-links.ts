/**
 * The team replica's bookkeeping in the project store: which local memory
 * is which shared one (its uid), what of ours was pushed (the content hash
 * last sent), and how far the team feed was read. Plain SQL on the store's
 * connection; the sync (team/sync.ts) decides what to do with it.
 */
import type { MemoryStore } from './memory-store.js';
import type { MemoryType } from './types.js';

export interface TeamLink {
  uid: string;
  memoryId: number | null;
  /** A global memory of the user store the user chose to share (claude-mem share); memoryId is then null. */
  globalId: number | null;
  origin: 'mine' | 'team';
  author: string | null;
  pushedHash: string | null;
  deleted: boolean;
}

/** What sync needs of a local memory to decide whether to push it. */
export interface ShareableRow {
  id: number;
  type: MemoryType;
  text: string;
  agent: string;
  contentHash: string;
  reviewedAt: number | null;
  status: string;
  createdAt: number;
  /** Set when a newer value replaced it: history, shared as such. */
  supersededBy: string | null;
}

interface LinkRow {
  uid: string;
  memory_id: number | null;
  global_id: number | null;
  origin: 'mine' | 'team';
  author: string | null;
  pushed_hash: string | null;
  deleted: number;
}

const toLink = (r: LinkRow): TeamLink => ({ uid: r.uid, memoryId: r.memory_id, globalId: r.global_id, origin: r.origin, author: r.author, pushedHash: r.pushed_hash, deleted: r.deleted === 1 });

export function teamLinks(store: MemoryStore): TeamLink[] {
  return (store.db.prepare('SELECT * FROM team_links').all() as LinkRow[]).map(toLink);
}

export function linkOf(store: MemoryStore, uid: string): TeamLink | undefined {
  const r = store.db.prepare('SELECT * FROM team_links WHERE uid = ?').get(uid) as LinkRow | undefined;
  return r && toLink(r);
}

export function linkByMemory(store: MemoryStore, memoryId: number): TeamLink | undefined {
  const r = store.db.prepare('SELECT * FROM team_links WHERE memory_id = ?').get(memoryId) as LinkRow | undefined;
  return r && toLink(r);
}

/** True when the memory is in the team store (ours sent there, or a teammate's): forgetting it deletes it for the team. */
export function isShared(store: MemoryStore, memoryId: number): boolean {
  try {
    return store.db.prepare('SELECT 1 FROM team_links WHERE memory_id = ? AND deleted = 0').get(memoryId) !== undefined;
  } catch {
    // A read-only store of an older layout has no links: nothing of it is shared.
    return false;
  }
}

/** True when this global memory (a user-store row) was shared with the project's team. */
/** The live link of a shared global memory (share), if any. */
export function linkOfGlobal(projectStore: MemoryStore, globalId: number): TeamLink | undefined {
  const r = projectStore.db.prepare('SELECT * FROM team_links WHERE global_id = ? AND deleted = 0').get(globalId) as LinkRow | undefined;
  return r && toLink(r);
}

export function isSharedGlobal(projectStore: MemoryStore, globalId: number): boolean {
  try {
    return projectStore.db.prepare('SELECT 1 FROM team_links WHERE global_id = ? AND deleted = 0').get(globalId) !== undefined;
  } catch {
    return false;
  }
}

export function saveLink(store: MemoryStore, l: TeamLink): void {
  store.db
    .prepare(
      'INSERT INTO team_links (uid, memory_id, global_id, origin, author, pushed_hash, deleted) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO UPDATE SET memory_id = excluded.memory_id, global_id = excluded.global_id, origin = excluded.origin, author = excluded.author, pushed_hash = excluded.pushed_hash, deleted = excluded.deleted',
    )
    .run(l.uid, l.memoryId, l.globalId, l.origin, l.author, l.pushedHash, l.deleted ? 1 : 0);
}

/** Project memories and facts (or, from the user store, global ones), active or not, with what sync weighs. */
export function shareableRows(store: MemoryStore, o: { globals?: boolean } = {}): ShareableRow[] {
  const types = o.globals ? "('global')" : "('project', 'fact')";
  return (
    store.db.prepare(`SELECT id, type, text, agent, content_hash, reviewed_at, status, created_at, superseded_by FROM memories WHERE type IN ${types}`).all() as Array<{
      id: number;
      type: MemoryType;
      text: string;
      agent: string;
      content_hash: string;
      reviewed_at: number | null;
      status: string;
      created_at: number;
      superseded_by: string | null;
    }>
  ).map((r) => ({ id: r.id, type: r.type, text: r.text, agent: r.agent, contentHash: r.content_hash, reviewedAt: r.reviewed_at, status: r.status, createdAt: r.created_at, supersededBy: r.superseded_by }));
}

export function existingIds(store: MemoryStore, ids: number[]): Set<number> {
  if (ids.length === 0) return new Set();
  return new Set((store.db.prepare('SELECT id FROM memories WHERE id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(ids)) as number[]));
}

export function teamState(store: MemoryStore, key: string): string | undefined {
  return (store.db.prepare('SELECT value FROM team_state WHERE key = ?').pluck().get(key) as string | undefined) ?? undefined;
}

export function setTeamState(store: MemoryStore, key: string, value: string): void {
  store.db.prepare('INSERT INTO team_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** Several bookkeeping writes as one: a crash leaves all or none. */
export function inTransaction<T>(store: MemoryStore, fn: () => T): T {
  return store.db.transaction(fn).immediate();
}
