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
  /** The last failed sync, when it came after the last good one. */
  last_error?: string;
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
  let lastError: string | undefined;
  if (store.writable || store.access === 'snapshot') {
    try {
      const at = teamState(store, 'last_sync');
      lastSync = at ? Number(at) : null;
      const failed = teamState(store, 'last_error');
      if (failed && Date.parse(failed.slice(0, 24)) > (lastSync ?? 0)) lastError = failed.slice(25);
      pending = pendingPush(memory, share).length;
    } catch {
      // A store not created yet: nothing synced, nothing pending.
    }
  }
  return { team: name, url: maskUrl(url), project: projectKey(memory.paths.projectRoot) ?? null, share, last_sync: lastSync, pending_push: pending, authors, conflicts, ...(lastError ? { last_error: lastError } : {}) };
}
