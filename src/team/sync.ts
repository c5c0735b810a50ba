/**
 * One sync of a project's memories with the team store: pull the feed
 * since the last change read, then push what is ours and new. The local
 * project store is the replica every search, block and MCP call reads; the
 * server is only talked to here, by `claude-mem sync` and the background
 * syncs that `run`, distill and the MCP server start.
 *
 * Nothing is lost or doubled when the server goes away mid-sync: a push is
 * one transaction whose rows carry an idempotency key (a retry after a lost
 * reply inserts nothing), and a pulled change is applied and the feed
 * position saved as one local step per page (a change applied twice is
 * recognised by its uid and hash).
 */
import type { Client } from 'pg';
import type { DirectoryMemory } from '../memory/directory-memory.js';
import type { MemoryStore } from '../store/index.js';
import { inTransaction, linkOf, saveLink, setTeamState, shareableRows, teamLinks } from '../store/team-links.js';
import { redact, teamAuthorOf } from '../text/index.js';
import { maskUrl, safeMessage, TeamError } from './connect.js';
import { newUid, planPush, type PushOp } from './plan.js';
import { pull } from './pull.js';

export { pull } from './pull.js';
import { SERVER_VERSION } from './server-schema.js';
import { withLease } from './sync-lease.js';

export interface SyncTarget {
  url: string;
  team: string;
  project: string;
  machine: string;
  share: 'reviewed' | 'all';
}

export interface SyncReport {
  /** `bad`: rows the server sent that no replica can keep (a date that is not a date): skipped, the rest applied. */
  pulled: { added: number; updated: number; deleted: number; skipped: number; bad: number };
  pushed: number;
  /** Ours, not sent: the server refused them (a read-only member), with why. */
  held?: { count: number; reason: string };
  /** Ours, not sent because no person reviewed them yet (team.share: reviewed). */
  unreviewed: number;
  /** Teammates' memories forgotten here with --team that the server kept: only their author or an admin deletes them. */
  refused: number;
  at: number;
}

/** The user's own memories that `team.share: reviewed` holds back until reviewed. */
export function unreviewedCount(memory: DirectoryMemory, share: SyncTarget['share']): number {
  if (share !== 'reviewed') return 0;
  return shareableRows(memory.stores.project).filter((r) => r.status === 'active' && r.reviewedAt === null && teamAuthorOf(r.agent) === undefined && (r.type === 'project' || r.type === 'fact')).length;
}

/** The channel every push notifies (payload: the team), so running replicas pull at once. */
export const FEED_CHANNEL = 'claude_mem_feed';

const PUSH_BATCH = 500;


export async function checkServer(client: Client, url: string): Promise<void> {
  let version: number;
  try {
    version = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM claude_mem_migrations')).rows[0]?.n ?? 0);
  } catch (err) {
    throw new TeamError(`the team store ${url} has no claude-mem schema (${safeMessage(err, url)}). Ask its admin to run "claude-mem team init" there.`);
  }
  if (version < SERVER_VERSION) throw new TeamError(`the team store's schema is at version ${version}, this claude-mem needs ${SERVER_VERSION}: ask its admin to run "claude-mem team init" again.`);
  if (version > SERVER_VERSION) throw new TeamError(`the team store's schema (version ${version}) is newer than this claude-mem knows (${SERVER_VERSION}): update claude-mem.`);
}

/** What a push would send now (status shows the count). */
export function pendingPush(memory: DirectoryMemory, share: SyncTarget['share']): PushOp[] {
  const store = memory.stores.project;
  return planPush(shareableRows(store), teamLinks(store), share, newUid, shareableRows(memory.stores.user, { globals: true }));
}

/** Sends what is ours and new, in batches; each batch is one server transaction. */
export async function push(client: Client, memory: DirectoryMemory, t: SyncTarget): Promise<{ pushed: number; held?: SyncReport['held']; refused: number }> {
  const store = memory.stores.project;
  const ops = pendingPush(memory, t.share);
  // Deletes of teammates' memories (forget --team) go one by one, last: the server takes them only
  // from the memory's author or a team admin, and one refused must not hold back the user's own.
  const own = ops.filter((o) => o.origin === 'mine');
  const theirs = ops.filter((o) => o.origin === 'team');
  const readOnly = `you are a read-only member of team "${t.team}": you receive its memories, and yours stay on this machine`;
  const limited = `team "${t.team}" takes a limited number of changes a minute from one member; the rest go at the next sync`;
  const full = `team "${t.team}" holds at most its limit of changes from one member, and yours reached it; the rest stay on this machine until its admin raises the limit (claude-mem team limits --rows-per-author N) or compacts the store (claude-mem team compact)`;
  let pushed = 0;
  // A batch past the team's push rate is refused whole: smaller ones take what the minute still allows.
  let size = PUSH_BATCH;
  for (let i = 0; i < own.length; ) {
    const batch = own.slice(i, i + size);
    // A new memory's uid is kept before it is sent: if the server takes the batch and the reply is
    // lost, the next push sends the same uid and key, and the server's unique key makes it a no-op.
    inTransaction(store, () => {
      for (const o of batch) if (o.op === 'put' && !linkOf(store, o.uid)) saveLink(store, { uid: o.uid, memoryId: o.memoryId, globalId: o.globalId, origin: 'mine', author: null, pushedHash: null, deleted: false });
    });
    const sent = await sendBatch(client, store, t, batch);
    if (sent === 'read-only') return { pushed, held: { count: ops.length - pushed, reason: readOnly }, refused: 0 };
    if (sent === 'rate limited' || sent === 'over quota') {
      if (size > 1) {
        size = Math.ceil(size / 2);
        continue;
      }
      return { pushed, held: { count: ops.length - pushed, reason: sent === 'over quota' ? full : limited }, refused: 0 };
    }
    pushed += batch.length;
    i += batch.length;
  }
  let refused = 0;
  for (const o of theirs) {
    const sent = await sendBatch(client, store, t, [o]);
    if (sent === 'read-only') return { pushed, held: { count: theirs.length - refused, reason: readOnly }, refused };
    if (sent === 'rate limited' || sent === 'over quota') return { pushed, held: { count: theirs.length - refused, reason: sent === 'over quota' ? full : limited }, refused };
    if (sent === 'not yours') {
      // Forgotten here; the team keeps it. Recorded, so it is not sent again on every sync.
      inTransaction(store, () => saveLink(store, { uid: o.uid, memoryId: null, globalId: o.globalId, origin: o.origin, author: linkOf(store, o.uid)?.author ?? null, pushedHash: null, deleted: true }));
      refused++;
    } else pushed++;
  }
  return { pushed, refused };
}

/**
 * Text as PostgreSQL takes it: no NUL (a text column refuses it, and the whole batch with it, at every sync)
 * and no lone surrogate (not UTF-8). A memory written before either was cleaned locally still goes.
 */
// eslint-disable-next-line no-control-regex
const sendable = (text: string): string => Buffer.from(text.replace(/\u0000/g, ''), 'utf8').toString('utf8');

/** One server transaction; 'read-only' or 'not yours' when the server refused it for who the user is. */
async function sendBatch(client: Client, store: MemoryStore, t: SyncTarget, batch: PushOp[]): Promise<'sent' | 'read-only' | 'not yours' | 'rate limited' | 'over quota'> {
  try {
    await client.query('BEGIN');
    // One pusher per team at a time: rows commit in seq order, so no reader skips one.
    // Any role can take this lock: wait a bounded time for it, and say so in one line when it does not come.
    await client.query(`SET LOCAL lock_timeout = '${PUSH_LOCK_WAIT_S}s'`);
    await client.query("SELECT pg_advisory_xact_lock(hashtext('claude-mem:' || $1))", [t.team]);
    await client.query(
      `INSERT INTO cm_changes (team, project, uid, op, type, text, machine, change_key, created_at)
         SELECT $1, $2, u.uid, u.op, u.type, u.text, $3, u.change_key, to_timestamp(u.created / 1000.0)
           FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::float8[]) AS u(uid, op, type, text, change_key, created)
       ON CONFLICT (team, change_key) DO NOTHING`,
      [
        t.team,
        t.project,
        t.machine,
        batch.map((o) => o.uid),
        batch.map((o) => o.op),
        batch.map((o) => o.type ?? null),
        batch.map((o) => (o.text === undefined ? null : sendable(redact(o.text)))),
        batch.map((o) => o.changeKey),
        batch.map((o) => o.createdAt ?? null),
      ],
    );
    // Delivered at the commit: the teammates' running syncs pull at once.
    await client.query('SELECT pg_notify($1, $2)', [FEED_CHANNEL, t.team]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    const message = safeMessage(err, t.url);
    if (/row-level security/i.test(message)) return 'read-only';
    if (/belongs to .*only its author or a team admin/i.test(message)) return 'not yours';
    if (/push rate limit/i.test(message)) return 'rate limited';
    if (/row quota/i.test(message)) return 'over quota';
    if ((err as { code?: string }).code === '55P03') {
      throw new TeamError(`the team store's push lock for "${t.team}" was held by another session for ${PUSH_LOCK_WAIT_S} s (a running push, or a role holding pg_advisory_lock): nothing was sent and nothing is lost; your changes go at the next sync. If it lasts, the store's admin can see who holds it in pg_locks.`);
    }
    throw err;
  }
  // Recorded only once the server has them: a push cut short is sent again, and the key makes that a no-op.
  inTransaction(store, () => {
    for (const o of batch) saveLink(store, { uid: o.uid, memoryId: o.op === 'delete' ? null : o.memoryId, globalId: o.globalId, origin: o.origin, author: null, pushedHash: o.hash, deleted: o.op === 'delete' });
  });
  return 'sent';
}

/** How long a push waits for the team's lock before it gives up for this sync. */
export const PUSH_LOCK_WAIT_S = 10;

/** How long a sync waits for another one of the same replica (the background one of `run`) to finish. */
export const SYNC_WAIT_MS = 60_000;

/**
 * Who the user is in the team, from the one membership row RLS lets them
 * see: not a member (never added, or removed) is an error that says so; a
 * read-only member pulls and keeps their own changes local.
 */
export async function membership(client: Client, t: SyncTarget): Promise<'writer' | 'reader'> {
  const { rows } = await client.query<{ can_write: boolean }>('SELECT can_write FROM cm_members WHERE team = $1 AND role = current_user', [t.team]);
  const row = rows[0];
  if (!row) throw new TeamError(`you are not a member of team "${t.team}" on ${maskUrl(t.url)} (never added, or removed): nothing was sent or received, and your memories stay here. Ask the team's admin to run "claude-mem team add <your role>" if you should be.`);
  return row.can_write ? 'writer' : 'reader';
}

export async function syncOnce(client: Client, memory: DirectoryMemory, t: SyncTarget): Promise<SyncReport> {
  await checkServer(client, t.url);
  await membership(client, t);
  const report = await withLease(memory.stores.project, SYNC_WAIT_MS, async (): Promise<SyncReport> => {
    const pulled = await pull(client, memory, t);
    const { pushed, held, refused } = await push(client, memory, t);
    const at = Date.now();
    setTeamState(memory.stores.project, 'last_sync', String(at));
    return { pulled, pushed, ...(held ? { held } : {}), refused, unreviewed: unreviewedCount(memory, t.share), at };
  });
  if (!report) throw new TeamError(`another sync of this project has been running for over ${SYNC_WAIT_MS / 1000} s; nothing was changed. Run "claude-mem sync" again when it ends.`);
  return report;
}
