import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Paths } from '../config/index.js';
import { FILE_MODE } from '../fs-private.js';
import { castPath, isLive, listSessionIds, markDone } from '../pty/session-files.js';
import { parseEventLine, encodeEvent } from '../pty/asciicast.js';
import type { Stores } from '../store/index.js';

const DAY_MS = 86_400_000;
/** What a scrubbed passage becomes in a log: shorter than any memory, so offsets only shrink. */
export const SCRUBBED = '[forgotten]';

export interface PruneReport {
  removed: string[];
  bytes: number;
  /** Old enough, but kept: live, or not yet distilled. */
  kept: string[];
  /** Hook spool files removed (or that would be), by name. */
  spool: string[];
}

/**
 * Removes session logs older than `days` (by last write), processed ones
 * only: a log not yet distilled still holds memories to be made. Their
 * memories stay; their `source` then points at a log that is gone.
 */
export function pruneLogs(stores: Stores, paths: Paths, days: number, o: { now?: number; dryRun?: boolean } = {}): PruneReport {
  const now = o.now ?? Date.now();
  const dir = paths.sessionsDir;
  const report: PruneReport = { removed: [], bytes: 0, kept: [], spool: [] };
  for (const id of listSessionIds(dir)) {
    const file = castPath(dir, id);
    let st;
    try {
      st = statSync(file);
    } catch {
      continue;
    }
    if (now - st.mtimeMs < days * DAY_MS) continue;
    const processed = (stores.sessions.get(id)?.processedOffset ?? -1) >= st.size;
    if (isLive(dir, id) || !processed) {
      report.kept.push(id);
      continue;
    }
    report.removed.push(id);
    report.bytes += st.size;
    if (o.dryRun) continue;
    for (const f of readdirSync(dir).filter((f) => f === `${id}.cast` || f.startsWith(`${id}.`))) rmSync(join(dir, f), { force: true });
  }
  pruneHookSpool(join(paths.userDataDir, 'hooks'), now - days * DAY_MS, report, o.dryRun ?? false);
  return report;
}

/**
 * The hook endpoint's spool (one file per CLI session, in the user data
 * folder) is a record of events whose transcripts import reads: it goes
 * with the logs, by the same age.
 */
function pruneHookSpool(dir: string, before: number, report: PruneReport, dryRun: boolean): void {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  } catch {
    return;
  }
  for (const f of files) {
    try {
      const st = statSync(join(dir, f));
      if (st.mtimeMs >= before) continue;
      report.spool.push(f);
      report.bytes += st.size;
      if (!dryRun) rmSync(join(dir, f), { force: true });
    } catch {
      // Gone already.
    }
  }
}

/**
 * Replaces every occurrence of `text` inside the events of the session logs
 * (what was shown and what was typed), so a forgotten memory does not stay
 * behind in the raw record. Logs are rewritten atomically; live ones are
 * left alone and reported. Returns how many occurrences went, per log.
 */
export function scrubLogs(paths: Paths, text: string): { scrubbed: Record<string, number>; skippedLive: string[] } {
  const dir = paths.sessionsDir;
  const out = { scrubbed: {} as Record<string, number>, skippedLive: [] as string[] };
  const needle = text.trim();
  if (needle.length <= SCRUBBED.length) return out;
  for (const id of listSessionIds(dir)) {
    const file = castPath(dir, id);
    let raw: string;
    try {
      raw = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (!raw.includes(JSON.stringify(needle).slice(1, -1)) && !raw.includes(needle)) continue;
    if (isLive(dir, id)) {
      out.skippedLive.push(id);
      continue;
    }
    let n = 0;
    const lines = raw.split('\n').map((line, i) => {
      if (i === 0 || !line) return line;
      const e = parseEventLine(line);
      if (!e || !e.data.includes(needle)) return line;
      n += e.data.split(needle).length - 1;
      return encodeEvent({ ...e, data: e.data.split(needle).join(SCRUBBED) }).trimEnd();
    });
    if (n === 0) continue;
    const tmp = `${file}.${process.pid}.scrub`;
    writeFileSync(tmp, lines.join('\n'), { mode: FILE_MODE });
    renameSync(tmp, file);
    // Shorter than before, so the processed offset still covers it.
    markDone(dir, id);
    out.scrubbed[id] = n;
  }
  return out;
}
