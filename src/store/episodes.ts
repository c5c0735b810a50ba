/**
 * The episode index in SQLite: passages of what was said (see
 * episodes/passages.ts), with their session, moment, agent, role and
 * position, and an FTS5 index with the memories' tokenising (CJK bigrams,
 * porter stems). Text is redacted here, at the one door in, so no caller can
 * forget: `<private>` spans and secrets never reach the table.
 */
import type { Statement } from 'better-sqlite3';
import { passagesOf } from '../episodes/passages.js';
import { frameWords, idf, rankPassages, type Passage, type RankedPassage } from '../episodes/rank.js';
import { ftsQueryTerms, indexTerms } from '../text/terms.js';
import { onlyRedacted, redact } from '../text/redact.js';

type Stmt = (sql: string) => Statement;

export type EpisodeRole = 'user' | 'assistant' | 'screen';

/** One message (or screen segment) as said. */
export interface Said {
  sessionId: string;
  at: number;
  agent: string;
  role: EpisodeRole;
  /** Its place in the session (message index): re-importing a session adds nothing twice. */
  position: number;
  dir: string;
  source?: string;
  text: string;
}

/** A passage as stored: what was said (one passage of it), with its row id. */
export interface Episode extends Omit<Said, 'source'> {
  id: number;
  source: string | null;
}

export interface EpisodeHit {
  episode: Episode;
  score: number;
  /** How much of the question sits next to a value in this passage (episodes/rank.ts). */
  frame: number;
  /** The passage (id) whose value this one replaced as newer (episodes/rank.ts supersede). */
  replaces?: number;
  /** When what it states was first said in its words, if earlier (episodes/restated.ts). */
  firstSaid?: number;
}

interface EpisodeRow {
  id: number;
  session_id: string;
  at: number;
  agent: string;
  role: EpisodeRole;
  position: number;
  dir: string;
  source: string | null;
  text: string;
}

const toEpisode = (r: EpisodeRow): Episode => ({ id: r.id, sessionId: r.session_id, at: r.at, agent: r.agent, role: r.role, position: r.position, dir: r.dir, source: r.source, text: r.text });

/** Adds what was said, redacted and cut into passages; returns how many passages are new. */
export function addEpisodes(stmt: Stmt, said: Said[], now = Date.now()): number {
  let added = 0;
  for (const s of said) {
    const clean = redact(s.text);
    if (onlyRedacted(clean)) continue;
    passagesOf(clean).forEach((text, part) => {
      const info = stmt(
        'INSERT OR IGNORE INTO episodes (session_id, at, agent, role, position, part, dir, source, text, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(s.sessionId, s.at, s.agent, s.role, s.position, part, s.dir, s.source ?? null, text, now);
      if (info.changes === 0) return;
      stmt('INSERT INTO episodes_fts (rowid, terms) VALUES (?, ?)').run(info.lastInsertRowid, indexTerms(text));
      added++;
    });
  }
  return added;
}

/** How many passages hold a term, counted up to a cap (a common word's exact count does not change its weight much). */
const DF_CAP = 5000;

export interface EpisodeSearch {
  limit: number;
  /** Only passages said at or before this moment (`--as-of`). */
  until?: number;
  since?: number;
}

export interface EpisodeResult {
  hits: EpisodeHit[];
  /** Each question term's weight in this index (BM25's idf): the same scale for memories compared with passages. */
  weight: (term: string) => number;
}

const NONE: EpisodeResult = { hits: [], weight: () => 1 };

/** Passages best first (episodes/rank.ts) for a question. */
export function searchEpisodes(stmt: Stmt, question: string, o: EpisodeSearch): EpisodeResult {
  const q = ftsQueryTerms(question);
  if (!q) return NONE;
  const pool = Math.max(40, o.limit * 8);
  const found = stmt(
    `SELECT e.*, -bm25(episodes_fts) AS b FROM episodes_fts JOIN episodes e ON e.id = episodes_fts.rowid
     WHERE episodes_fts MATCH ? AND e.at >= ? AND e.at <= ? ORDER BY bm25(episodes_fts) LIMIT ?`,
  ).all([...q.own, ...q.widened].join(' OR '), o.since ?? 0, o.until ?? Number.MAX_SAFE_INTEGER, pool) as Array<EpisodeRow & { b: number }>;
  if (found.length === 0) return NONE;
  const n = stmt('SELECT count(*) FROM episodes').pluck().get() as number;
  const df = new Map<string, number>();
  for (const [t, word] of frameWords(question)) {
    df.set(t, stmt('SELECT count(*) FROM (SELECT rowid FROM episodes_fts WHERE episodes_fts MATCH ? LIMIT ?)').pluck().get(`"${word.replace(/"/g, '""')}"`, DF_CAP) as number);
  }
  const rows = new Map(found.map((r) => [r.id, r]));
  const passages: Passage[] = found.map((r) => ({ id: r.id, text: r.text, at: r.at, bm25: r.b, role: r.role, session: r.session_id }));
  const hits = rankPassages(question, passages, (t) => df.get(t) ?? 0, n)
    .slice(0, o.limit)
    .map((p: RankedPassage) => ({ episode: toEpisode(rows.get(p.id) as EpisodeRow), score: p.score, frame: p.frame, ...(p.replaces !== undefined ? { replaces: p.replaces } : {}), ...(p.firstSaid !== undefined ? { firstSaid: p.firstSaid } : {}) }));
  return { hits, weight: (t) => idf(df.get(t) ?? 0, n) };
}

export function getEpisode(stmt: Stmt, id: number): Episode | undefined {
  const r = stmt('SELECT * FROM episodes WHERE id = ?').get(id) as EpisodeRow | undefined;
  return r ? toEpisode(r) : undefined;
}

/** The passages said just before and after one, in its session (MCP's timeline). */
export function episodeTimeline(stmt: Stmt, id: number, around: number): Episode[] {
  const e = getEpisode(stmt, id);
  if (!e) return [];
  const rows = stmt(
    `SELECT * FROM (SELECT * FROM episodes WHERE session_id = ? AND (position, part) < (?, (SELECT part FROM episodes WHERE id = ?)) ORDER BY position DESC, part DESC LIMIT ?)
     UNION ALL SELECT * FROM episodes WHERE id = ?
     UNION ALL SELECT * FROM (SELECT * FROM episodes WHERE session_id = ? AND (position, part) > (?, (SELECT part FROM episodes WHERE id = ?)) ORDER BY position, part LIMIT ?)`,
  ).all(e.sessionId, e.position, id, around, id, e.sessionId, e.position, id, around) as EpisodeRow[];
  return rows.map(toEpisode).sort((a, b) => a.position - b.position || a.id - b.id);
}

export function episodeStats(stmt: Stmt): { passages: number; sessions: number; chars: number } {
  const r = stmt('SELECT count(*) AS n, count(DISTINCT session_id) AS s, COALESCE(sum(length(text)), 0) AS c FROM episodes').get() as { n: number; s: number; c: number };
  return { passages: r.n, sessions: r.s, chars: r.c };
}

/** Removes what was said in these sessions (forget --scrub-logs); returns how many passages. */
export function dropEpisodesOfSessions(stmt: Stmt, sessionIds: string[]): number {
  return sessionIds.reduce((n, sid) => n + dropRows(stmt, stmt('SELECT id FROM episodes WHERE session_id = ?').pluck().all(sid) as number[]), 0);
}

/** Removes one passage (forget e12); returns whether it was there. */
export function dropEpisode(stmt: Stmt, id: number): boolean {
  return dropRows(stmt, stmt('SELECT id FROM episodes WHERE id = ?').pluck().all(id) as number[]) > 0;
}

/** Removes passages indexed before a moment (log retention, counted from the index as logs count from their last write); returns how many. */
export function dropEpisodesBefore(stmt: Stmt, before: number): number {
  return dropRows(stmt, stmt('SELECT id FROM episodes WHERE added_at < ?').pluck().all(before) as number[]);
}

/** Passages and their FTS terms, by row id; returns how many went. */
function dropRows(stmt: Stmt, ids: number[]): number {
  for (const id of ids) {
    stmt('DELETE FROM episodes_fts WHERE rowid = ?').run(id);
    stmt('DELETE FROM episodes WHERE id = ?').run(id);
  }
  return ids.length;
}

/** Replaces `text` wherever a passage holds it (forget --scrub-logs), its FTS terms too; returns how many occurrences. */
export function scrubEpisodes(stmt: Stmt, text: string, replacement: string): number {
  const needle = text.trim();
  if (!needle) return 0;
  const rows = stmt('SELECT id, text FROM episodes WHERE instr(text, ?) > 0').all(needle) as Array<{ id: number; text: string }>;
  let n = 0;
  for (const r of rows) {
    const parts = r.text.split(needle);
    n += parts.length - 1;
    const next = parts.join(replacement);
    stmt('UPDATE episodes SET text = ? WHERE id = ?').run(next, r.id);
    stmt('DELETE FROM episodes_fts WHERE rowid = ?').run(r.id);
    stmt('INSERT INTO episodes_fts (rowid, terms) VALUES (?, ?)').run(r.id, indexTerms(next));
  }
  return n;
}
