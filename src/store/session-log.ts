import type { DB } from './db-open.js';
import { guarded } from './db-open.js';
import { redact } from '../text/index.js';
import { statementCache } from './statements.js';
import { lastWork } from './last-work.js';

/** One recorded session (or segment): where its log is and how far it was read. */
export interface SessionRecord {
  id: string;
  agent: string;
  command: string;
  dir: string;
  startedAt: number;
  endedAt: number | null;
  logPath: string;
  processedOffset: number;
  /** Session time (seconds) up to which segments have been distilled. */
  processedT: number;
  summary: string;
}

/** The sessions table of a project store. */
export class SessionLog {
  private readonly stmt: ReturnType<typeof statementCache>;
  /** Called after a session summary changed (see version.ts). */
  onChange: () => void = () => undefined;

  private markChanged(): void {
    this.onChange();
  }

  constructor(
    db: DB,
    private readonly path: string,
    private readonly busyTimeoutMs?: number,
  ) {
    this.stmt = statementCache(db);
  }

  private run<T>(fn: () => T): T {
    return guarded(this.path, fn, this.busyTimeoutMs);
  }

  upsert(s: Omit<SessionRecord, 'processedOffset' | 'processedT' | 'summary'>): SessionRecord {
    return this.run(() => {
      this.stmt(
          `INSERT INTO sessions (id, agent, command, dir, started_at, ended_at, log_path) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET ended_at = COALESCE(excluded.ended_at, sessions.ended_at)`,
        )
        .run(s.id, s.agent, redact(s.command), s.dir, s.startedAt, s.endedAt, s.logPath);
      const got = this.get(s.id);
      if (!got) throw new Error(`session ${s.id} vanished`);
      return got;
    });
  }

  get(id: string): SessionRecord | undefined {
    return this.run(() => {
      const r = this.stmt('SELECT * FROM sessions WHERE id = ?').get(id) as
        | {
            id: string;
            agent: string;
            command: string;
            dir: string;
            started_at: number;
            ended_at: number | null;
            log_path: string;
            processed_offset: number;
            processed_t: number;
            summary: string;
          }
        | undefined;
      return r
        ? {
            id: r.id,
            agent: r.agent,
            command: r.command,
            dir: r.dir,
            startedAt: r.started_at,
            endedAt: r.ended_at,
            logPath: r.log_path,
            processedOffset: r.processed_offset,
            processedT: r.processed_t,
            summary: r.summary,
          }
        : undefined;
    });
  }

  /**
   * Moves the processed offset forward only: processing twice adds nothing.
   * The summary is redacted like any memory: it quotes what the user typed.
   */
  markProcessed(id: string, p: { offset: number; t: number; summary?: string; endedAt: number | null }): void {
    this.run(() =>
      this.stmt(
          `UPDATE sessions SET processed_offset = MAX(processed_offset, ?), processed_t = MAX(processed_t, ?),
             summary = COALESCE(?, summary), ended_at = COALESCE(?, ended_at) WHERE id = ?`,
        )
        .run(p.offset, p.t, p.summary ? redact(p.summary) : null, p.endedAt, id),
    );
    if (p.summary) this.markChanged();
  }

  /** Sessions whose log has not been read to its end. */
  list(): SessionRecord[] {
    const ids = this.run(() => this.stmt('SELECT id FROM sessions ORDER BY started_at').all() as Array<{ id: string }>);
    return ids.map((r) => this.get(r.id)).filter((s): s is SessionRecord => s !== undefined);
  }

  lastSummary(dir: string): string | undefined {
    return this.run(() => {
      const r = this.stmt("SELECT summary FROM sessions WHERE dir = ? AND summary != '' ORDER BY started_at DESC LIMIT 1").get(dir) as
        | { summary: string }
        | undefined;
      return r?.summary;
    });
  }

  /**
   * What was last done here, for the launch query: the newest session's
   * summary and the conclusions (facts) it left, so the next launch finds
   * them even when the summary, a list of requests, shares no words with them.
   */
  lastWork(dir: string): string | undefined {
    return this.run(() => lastWork(this.stmt, dir));
  }

}
