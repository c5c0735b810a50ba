import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrivateDir, removeFileFolder, touchPrivateFile } from '../fs-private.js';
import { pidAlive } from '../pty/session-files.js';
import { randomHex } from '../ids.js';

/**
 * The file a CLI is handed the block in (CLAUDE_MEM_CONTEXT_FILE, aider's
 * --read) holds memories, so it lives in the user's own data dir, not in
 * the shared /tmp. Its folder is named for the wrapper's pid, so one left
 * by a wrapper killed with kill -9 is recognised and removed at the next start.
 */
const RUN_DIR = 'run';
/** Earlier versions wrote /tmp/claude-mem-*: such folders this old are leftovers. */
const LEGACY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function handoverDir(userDataDir: string): string {
  const dir = join(userDataDir, RUN_DIR, `${process.pid}-${randomHex(4)}`);
  ensurePrivateDir(dir);
  return dir;
}

/** Removes handover folders whose wrapper is gone (a small folder of our own: cheap enough for the launch path). */
export function sweepHandovers(userDataDir: string): number {
  let n = 0;
  const root = join(userDataDir, RUN_DIR);
  let names: string[] = [];
  try {
    names = readdirSync(root);
  } catch {
    // No run folder yet.
  }
  for (const name of names) {
    const pid = Number.parseInt(name, 10);
    if (Number.isFinite(pid) && pid > 0 && pidAlive(pid)) continue;
    removeFileFolder(join(root, name));
    n++;
  }
  return n;
}

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
