/**
 * What a sync sends: pure, from the project store's rows and its links.
 * - ours, shareable (a project memory or fact, current or replaced by a
 *   newer value, reviewed unless
 *   team.share is "all"), never sent or changed since: a put;
 * - a linked memory that is gone here (forgotten; a teammate's one only
 *   with `forget --team`; or made global): a delete.
 * A teammate's memory is never sent back as ours.
 */
import type { ShareableRow, TeamLink } from '../store/team-links.js';
import { teamAuthorOf } from '../text/index.js';
import { randomBytes } from 'node:crypto';

export type Share = 'reviewed' | 'all';

/** A shared memory's id across machines: 96 random bits, chosen once and kept in team_links. */
export const newUid = (): string => randomBytes(12).toString('hex');

export interface PushOp {
  uid: string;
  op: 'put' | 'delete';
  type?: 'project' | 'fact';
  text?: string;
  /** When it was said (ms): the receiving store weighs values by it. */
  createdAt?: number;
  /** The content hash sent (put), recorded once the server has it. */
  hash: string | null;
  memoryId: number | null;
  /** A shared global memory (its user-store row). */
  globalId: number | null;
  origin: 'mine' | 'team';
  /** The server's idempotency key: a retried push after a lost reply is a no-op. */
  changeKey: string;
}

// Current memories, and values a newer one replaced (history travels too, so every replica keeps it).
const shareable = (r: ShareableRow, share: Share): boolean =>
  (r.status === 'active' || r.supersededBy !== null) && teamAuthorOf(r.agent) === undefined && (r.type === 'project' || r.type === 'fact') && (share === 'all' || r.reviewedAt !== null);

/** A shared global memory's link marked to be taken back from the team while the user keeps it (share --stop). */
export const UNSHARED = 'unshared';

export function planPush(rows: ShareableRow[], links: TeamLink[], share: Share, newUid: () => string, globals: ShareableRow[] = []): PushOp[] {
  const byMemory = new Map<number, TeamLink>();
  for (const l of links) if (l.memoryId !== null && !l.deleted) byMemory.set(l.memoryId, l);
  const present = new Map(rows.map((r) => [r.id, r]));
  const ops: PushOp[] = [];
  for (const r of rows) {
    if (!shareable(r, share)) continue;
    const link = byMemory.get(r.id);
    if (link && link.origin === 'team') continue;
    if (link && link.pushedHash === r.contentHash) continue;
    const uid = link?.uid ?? newUid();
    ops.push({ uid, op: 'put', type: r.type as 'project' | 'fact', text: r.text, createdAt: r.createdAt, hash: r.contentHash, memoryId: r.id, globalId: null, origin: 'mine', changeKey: `${uid}:${r.contentHash}` });
  }
  // Global memories the user shared on purpose (claude-mem share): sent as this project's, taken back when forgotten.
  const globalRows = new Map(globals.map((r) => [r.id, r]));
  for (const l of links) {
    if (l.deleted || l.globalId === null) continue;
    const r = globalRows.get(l.globalId);
    // Taken back from the team (share --stop), kept here: a delete of the team's copy only.
    if (r && l.pushedHash === UNSHARED) {
      ops.push({ uid: l.uid, op: 'delete', hash: null, memoryId: null, globalId: l.globalId, origin: 'mine', changeKey: `${l.uid}:delete` });
      continue;
    }
    if (!r) ops.push({ uid: l.uid, op: 'delete', hash: null, memoryId: null, globalId: l.globalId, origin: 'mine', changeKey: `${l.uid}:delete` });
    else if (r.contentHash !== l.pushedHash) ops.push({ uid: l.uid, op: 'put', type: 'project', text: r.text, createdAt: r.createdAt, hash: r.contentHash, memoryId: null, globalId: l.globalId, origin: 'mine', changeKey: `${l.uid}:${r.contentHash}` });
  }
  for (const l of links) {
    if (l.deleted || l.memoryId === null) continue;
    // Forgotten here (a teammate's memory only with `forget --team`), or made global (it moved to the
    // user store): deleted for everyone. One archived or superseded here stays, as history.
    if (!present.has(l.memoryId)) ops.push({ uid: l.uid, op: 'delete', hash: null, memoryId: null, globalId: null, origin: l.origin, changeKey: `${l.uid}:delete` });
  }
  return ops;
}
