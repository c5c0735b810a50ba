import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, removeFileFolder } from '../fs-private.js';
import { pidAlive } from '../pty/session-files.js';
import { randomHex } from '../ids.js';

/**
 * The file a CLI is handed the block in (CLAUDE_MEM_CONTEXT_FILE, aider's
 * --read) holds memories, so it lives in the user's own data dir, not in
 * the shared /tmp. Its folder is named for the wrapper's pid, so one left
 * by a wrapper killed with kill -9 is recognised and removed at the next start.
 */
const RUN_DIR = 'run';

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
