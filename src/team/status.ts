import type { DirectoryMemory } from '../memory/directory-memory.js';
import { teamState } from '../store/team-links.js';
import { teamAuthorOf } from '../text/index.js';
import { maskUrl } from './connect.js';
import { projectKey } from './project-key.js';
import { pendingPush } from './sync.js';

export interface TeamStatus {
  team: string;
  url: string;
  project: string | null;
  share: 'reviewed' | 'all';
  last_sync: number | null;
  /** Ours, waiting for the next sync (puts and deletes). */
  pending_push: number;
  /** Teammates' memories held here, by author. */
  authors: Record<string, number>;
  /** Values where a teammate's memory and the user's own disagreed: the older one is history now. */
  conflicts: number;
}

/** What `status` says of the team; read from the replica only, no server call. */
export function teamStatusOf(memory: DirectoryMemory): TeamStatus {
  const { url, name, share } = memory.config.team;
  const store = memory.stores.project;
  const all = memory.list({ includeArchived: true });
  const authors: Record<string, number> = {};
  for (const m of all) {
    const a = teamAuthorOf(m.agent);
    if (a !== undefined && m.status === 'active') authors[a] = (authors[a] ?? 0) + 1;
  }
  const byId = new Map(all.map((m) => [m.id, m]));
  const conflicts = all.filter((m) => {
    const newer = m.supersededBy ? byId.get(m.supersededBy) : undefined;
    return newer !== undefined && (teamAuthorOf(newer.agent) === undefined) !== (teamAuthorOf(m.agent) === undefined);
  }).length;
  let lastSync: number | null = null;
  let pending = 0;
  if (store.writable || store.access === 'snapshot') {
    try {
      const at = teamState(store, 'last_sync');
      lastSync = at ? Number(at) : null;
      pending = pendingPush(memory, share).length;
    } catch {
      // A store not created yet: nothing synced, nothing pending.
    }
  }
  return { team: name, url: maskUrl(url), project: projectKey(memory.paths.projectRoot) ?? null, share, last_sync: lastSync, pending_push: pending, authors, conflicts };
}
