import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Paths } from '../config/index.js';
import { castPath, isLive, listSessionIds } from '../pty/session-files.js';
import type { Stores } from '../store/index.js';

const DAY_MS = 86_400_000;

export interface PruneReport {
  removed: string[];
  bytes: number;
  /** Old enough, but kept: live, or not yet distilled. */
  kept: string[];
  /** Hook spool files removed (or that would be), by name. */
  spool: string[];
  /** Passages of the episode index removed with them (same age). */
  passages?: number;
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
  // What was said goes with the logs it came from, by the same age.
  if (!o.dryRun) report.passages = stores.project.dropEpisodesBefore(now - days * DAY_MS);
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
