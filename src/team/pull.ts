/**
 * Pulling the team's feed into this replica, page by page: each change
 * applied once (its uid's link remembers what was applied), a teammate's
 * newer text replacing the older one here, a delete forgetting it here.
 */
import type { Client } from 'pg';
import type { DirectoryMemory } from '../memory/directory-memory.js';
import { contentHash, type Candidate, type MemoryStore } from '../store/index.js';
import { existingIds, inTransaction, linkOf, saveLink, setTeamState, teamState } from '../store/team-links.js';
import { teamAgent } from '../text/index.js';
import type { SyncReport, SyncTarget } from './sync.js';

const PAGE = 2000;

/** Where this replica stopped in a team project's feed (the store's team state). */
const feedKey = (t: SyncTarget): string => `seq:${t.team}:${t.project}`;

interface Change {
  seq: string;
  uid: string;
  op: 'put' | 'delete';
  type: 'project' | 'fact' | null;
  text: string | null;
  author: string;
  at: number;
}


/** Reads the feed from where this replica stopped and applies it, page by page. */
export async function pull(client: Client, memory: DirectoryMemory, t: SyncTarget): Promise<SyncReport['pulled']> {
  const store = memory.stores.project;
  const out = { added: 0, updated: 0, deleted: 0, skipped: 0, bad: 0 };
  for (;;) {
    const after = teamState(store, feedKey(t)) ?? '0';
    const { rows } = await client.query<Change>(
      `SELECT seq::text AS seq, uid, op, type, text, author::text AS author, (extract(epoch FROM COALESCE(created_at, at)) * 1000)::float8 AS at
         FROM cm_changes WHERE team = $1 AND project = $2 AND cm_changes.seq > $3::bigint ORDER BY cm_changes.seq LIMIT ${PAGE}`,
      [t.team, t.project, after],
    );
    if (rows.length === 0) return out;
    await applyPage(memory, store, rows, out);
    const last = rows[rows.length - 1]?.seq ?? after;
    setTeamState(store, feedKey(t), last);
    if (rows.length < PAGE) return out;
  }
}

async function applyPage(memory: DirectoryMemory, store: MemoryStore, rows: Change[], out: SyncReport['pulled']): Promise<void> {
  const puts: Array<{ c: Change; hash: string; replaces: number | null }> = [];
  // The last change of each memory in the page is the one that counts (a put and its delete may arrive together).
  const last = new Map<string, Change>();
  for (const c of rows) {
    // A row from before the server checked its dates ('-infinity'): one bad row never holds back the rest.
    if (!Number.isFinite(c.at)) {
      out.bad++;
      continue;
    }
    last.set(c.uid, c);
  }
  for (const c of last.values()) {
    const link = linkOf(store, c.uid);
    if (c.op === 'delete') {
      if (link?.memoryId != null && existingIds(store, [link.memoryId]).size > 0) {
        forgetHere(memory, link.memoryId);
        out.deleted++;
      }
      saveLink(store, { uid: c.uid, memoryId: null, globalId: link?.globalId ?? null, origin: link?.origin ?? 'team', author: link?.author ?? c.author, pushedHash: link?.pushedHash ?? null, deleted: true });
      continue;
    }
    const text = c.text ?? '';
    const hash = contentHash(text);
    // Ours coming back: not news.
    if (link?.origin === 'mine') continue;
    // A change already applied, or one of a memory deleted since: nothing to do.
    if (link && (link.deleted || link.pushedHash === hash)) {
      out.skipped++;
      continue;
    }
    puts.push({ c, hash, replaces: link?.memoryId ?? null });
  }
  if (puts.length === 0) return;
  // A teammate's newer text of one shared memory replaces the older one here.
  for (const p of puts) if (p.replaces !== null && existingIds(store, [p.replaces]).size > 0) forgetHere(memory, p.replaces);
  const candidates: Candidate[] = puts.map(({ c }) => ({
    type: c.type === 'fact' ? 'fact' : 'project',
    text: c.text ?? '',
    dir: memory.paths.projectRoot,
    agent: teamAgent(c.author),
    sessionId: null,
    source: `team:${c.uid}`,
    createdAt: Math.round(c.at),
    // Written as the teammate meant it: kept apart from the user's own (never merged into one), and
    // through the same trivia filter, redaction and supersede rules as any write.
    explicit: true,
    force: true,
  }));
  const results = await store.writeMany(candidates, memory.stores.policy());
  inTransaction(store, () =>
    puts.forEach((p, i) => {
      const r = results[i];
      const id = r?.action === 'inserted' && r.id !== undefined ? (store.parseId(r.id) ?? null) : null;
      if (p.replaces !== null) out.updated++;
      else if (id !== null) out.added++;
      else out.skipped++;
      saveLink(store, { uid: p.c.uid, memoryId: id, globalId: null, origin: 'team', author: p.c.author, pushedHash: p.hash, deleted: false });
    }),
  );
}

/**
 * A delete or a replacement from the team, applied as the user's own
 * forget is (cached blocks holding it dropped too); the team asked, so no
 * --team question.
 */
function forgetHere(memory: DirectoryMemory, rowid: number): void {
  memory.forget(String(rowid), { team: true });
}


