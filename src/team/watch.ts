/**
 * The sync that runs beside a wrapped session (`claude-mem sync --watch
 * --parent <pid>`, started by run, detached, at the lowest priority): a
 * teammate's push reaches this replica within a second or so (LISTEN on
 * the feed's channel, which every push notifies), and what this machine
 * writes is pushed as soon as the store's content version moves. It ends
 * when the wrapper it serves is gone, and never touches the terminal.
 */
import type { Client } from 'pg';
import type { DirectoryMemory } from '../memory/directory-memory.js';
import { readVersion } from '../store/version.js';
import { dirname } from 'node:path';
import { connectTeam } from './connect.js';
import { FEED_CHANNEL, checkServer, pull, push, type SyncTarget } from './sync.js';
import { setTeamState } from '../store/team-links.js';
import { alive, withLease } from './sync-lease.js';

const TICK_MS = 300;
/** A pull now and then even without a notification (one missed while reconnecting). */
const FALLBACK_PULL_MS = 60_000;
const RETRY_MS = 5000;


export async function watchTeam(memory: DirectoryMemory, target: SyncTarget, env: NodeJS.ProcessEnv, parent: number | undefined): Promise<void> {
  const versionDir = dirname(memory.stores.project.path);
  let client: Client | undefined;
  let seen = '';
  let wantPull = true;
  let lastPull = 0;
  const record = (err: unknown): void => {
    try {
      setTeamState(memory.stores.project, 'last_error', `${new Date().toISOString()} ${(err as Error).message ?? String(err)}`.slice(0, 500));
    } catch {
      // The store is busy: the next round says it.
    }
  };
  const connect = async (): Promise<Client> => {
    const c = await connectTeam(target.url, env);
    await checkServer(c, target.url);
    c.on('notification', (n) => {
      if (n.channel === FEED_CHANNEL && n.payload === target.team) wantPull = true;
    });
    c.on('error', () => {
      client = undefined;
    });
    await c.query(`LISTEN ${FEED_CHANNEL}`);
    return c;
  };
  const round = async (): Promise<void> => {
    client ??= await connect();
    const c = client;
    // A manual sync holds the replica: this round waits for the next tick.
    const done = await withLease(memory.stores.project, 0, () => exchange(c));
    if (done === undefined) wantPull = true;
  };
  const exchange = async (client: Client): Promise<true> => {
    const version = readVersion(versionDir);
    if (wantPull || Date.now() - lastPull > FALLBACK_PULL_MS) {
      wantPull = false;
      lastPull = Date.now();
      await pull(client, memory, target);
    }
    if (version !== seen) {
      await push(client, memory, target);
      setTeamState(memory.stores.project, 'last_sync', String(Date.now()));
      // What this round wrote moved the version too: only a later change is news.
      seen = readVersion(versionDir);
    }
    return true;
  };
  for (;;) {
    if (parent !== undefined && !alive(parent)) break;
    try {
      await round();
    } catch (err) {
      record(err);
      await client?.end().catch(() => undefined);
      client = undefined;
      wantPull = true;
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
    await new Promise((r) => setTimeout(r, TICK_MS));
  }
  await client?.end().catch(() => undefined);
}
