import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { touchPrivateFile } from '../fs-private.js';

/** Earlier versions wrote /tmp/claude-mem-*: such folders this old are leftovers. */
const LEGACY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes day-old /tmp/claude-mem-* handover folders of earlier versions.
 * Reading all of /tmp is not launch-path work: the memory commands and the
 * background distiller do it, at most once a day per user (a folder is
 * only removed once it is a day old anyway, so it waits at most a day more): a stamp
 * is one stat, /tmp can hold thousands of entries.
 */
export function sweepLegacyHandovers(userDataDir: string, now = Date.now()): number {
  const stamp = join(userDataDir, '.legacy-handovers-swept');
  try {
    if (now - statSync(stamp).mtimeMs < LEGACY_MAX_AGE_MS) return 0;
  } catch {
    // Never swept here yet.
  }
  try {
    touchPrivateFile(stamp);
    utimesSync(stamp, now / 1000, now / 1000);
  } catch {
    // Sweeping again next time is the lesser harm.
  }
  let n = 0;
  try {
    const uid = process.getuid?.();
    for (const name of readdirSync(tmpdir())) {
      if (!name.startsWith('claude-mem-')) continue;
      const p = join(tmpdir(), name);
      const st = statSync(p);
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || now - st.mtimeMs < LEGACY_MAX_AGE_MS) continue;
      const entries = readdirSync(p);
      if (entries.length === 1 && entries[0] === 'context.md') {
        rmSync(p, { recursive: true, force: true });
        n++;
      }
    }
  } catch {
    // /tmp unreadable: nothing of ours to find there.
  }
  return n;
}
