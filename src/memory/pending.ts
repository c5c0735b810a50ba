import { statSync } from 'node:fs';
import type { Paths } from '../config/index.js';
import { castPath, isLive, listSessionIds, setAsideReason } from '../pty/session-files.js';
import type { Stores } from '../store/index.js';

/** Logs left unprocessed (a crash, a killed wrapper): not live, not set aside, and not read to their end. */
export function pendingSessions(stores: Stores, paths: Paths): string[] {
  const out: string[] = [];
  for (const id of listSessionIds(paths.sessionsDir)) {
    if (isLive(paths.sessionsDir, id) || setAsideReason(paths.sessionsDir, id) !== undefined) continue;
    const s = stores.sessions.get(id);
    let size = 0;
    try {
      size = statSync(castPath(paths.sessionsDir, id)).size;
    } catch {
      continue;
    }
    if (!s || s.processedOffset < size) out.push(id);
  }
  return out;
}
