/**
 * Shared memory on PostgreSQL (team.url, team.name): the project store is
 * the local replica, the server the system of record (sync.ts), one
 * PostgreSQL role per person with row-level security by team
 * (server-schema.ts). Work done beside the user: `claude-mem sync`, and
 * the background syncs started by run, distill and the MCP server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DirectoryMemory } from '../memory/directory-memory.js';
import { writePrivateFile } from '../fs-private.js';
import { connectTeam, maskUrl, TeamError } from './connect.js';
import { projectKey } from './project-key.js';
import { syncOnce, type SyncReport, type SyncTarget } from './sync.js';
import { setTeamState } from '../store/team-links.js';
import { UsageError } from '../errors.js';

export { TeamError, maskUrl } from './connect.js';
export type { SyncReport } from './sync.js';

/** This machine, as the team store records it beside the author (a random id kept in the user's data). */
export function machineId(userDataDir: string): string {
  const file = join(userDataDir, 'machine-id');
  try {
    const id = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{16,64}$/.test(id)) return id;
  } catch {
    // First sync on this machine.
  }
  const id = randomBytes(12).toString('hex');
  writePrivateFile(file, `${id}\n`);
  return id;
}

/** Where and as what this project syncs; an error that says what to set when it cannot. */
export function teamTarget(memory: DirectoryMemory): SyncTarget {
  const { url, name, share } = memory.config.team;
  // Nothing set up is a usage mistake (exit 2), as share says it: not a failure of the server.
  if (!url) throw new UsageError('no team store is set: set team.url (a postgres:// URL) and team.name, in ~/.config/claude-mem/config.yaml (team: {url: postgres://you@db.example.com/claude_mem, name: shop}).');
  if (!name) throw new UsageError(`team.url is set (${maskUrl(url)}) but team.name is not: set it to the team your admin created.`);
  const project = projectKey(memory.paths.projectRoot);
  if (!project) throw new UsageError(`${memory.paths.projectRoot} has no git remote: a project is shared by its remote URL (the same on every machine). Add one ("git remote add origin …"), then sync again.`);
  return { url, team: name, project, machine: machineId(memory.paths.userDataDir), share };
}


/** A connection lost mid-sync (the server restarted, the network dropped): not a bug to report. */
export function wentAway(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(?:57P0[123]|08\d{3}|ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT)$/.test(code)) return true;
  return /Connection terminated|terminating connection|server closed the connection|Client has encountered a connection error|Client was closed|not queryable/i.test(String((err as Error | null)?.message ?? ''));
}

export async function syncProject(memory: DirectoryMemory, env: NodeJS.ProcessEnv): Promise<SyncReport> {
  const target = teamTarget(memory);
  try {
    const client = await connectTeam(target.url, env);
    try {
      return await syncOnce(client, memory, target);
    } finally {
      await client.end().catch(() => undefined);
    }
  } catch (raw) {
    const err = wentAway(raw) ? new TeamError('the team store went away during the sync (a restart, or the network): nothing was lost, and what the server did not confirm is sent again. Run "claude-mem sync" again.') : raw;
    // Kept for status: a background sync has no terminal to say it on.
    try {
      setTeamState(memory.stores.project, 'last_error', `${new Date().toISOString()} ${(err as Error).message}`.slice(0, 500));
    } catch {
      // A read-only store: the error is still thrown.
    }
    throw err;
  }
}

/** Syncs now, then keeps syncing beside the wrapper `parent` until it is gone (team/watch.ts). */
export async function watchProject(memory: DirectoryMemory, env: NodeJS.ProcessEnv, parent: number | undefined): Promise<void> {
  const { watchTeam } = await import('./watch.js');
  await watchTeam(memory, teamTarget(memory), env, parent);
}
