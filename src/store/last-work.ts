import type { statementCache } from './statements.js';

/** Conclusions of the last session that join its summary in the launch query. */
const LAST_SESSION_FACTS = 6;

/**
 * The last summarised session in `dir`, with the facts it concluded: what
 * the launch query starts from. Apart from the sessions table's writer
 * (session-log.ts), which redacts what it stores: a launch only reads.
 */
export function lastWork(stmt: ReturnType<typeof statementCache>, dir: string): string | undefined {
  const r = stmt("SELECT id, summary FROM sessions WHERE dir = ? AND summary != '' ORDER BY started_at DESC LIMIT 1").get(dir) as
    | { id: string; summary: string }
    | undefined;
  if (!r) return undefined;
  const facts = stmt("SELECT text FROM memories WHERE session_id = ? AND type = 'fact' AND status = 'active' ORDER BY created_at DESC LIMIT ?").all(
    r.id,
    LAST_SESSION_FACTS,
  ) as Array<{ text: string }>;
  return [r.summary, ...facts.map((f) => f.text)].join('\n');
}
