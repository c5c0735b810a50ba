import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, removeFile, removeFileFolder } from '../fs-private.js';
import { pidAlive } from '../pty/session-files.js';
import { randomHex } from '../ids.js';

/**
 * The file a CLI is handed the block in (CLAUDE_MEM_CONTEXT_FILE, aider's
 * --read) holds memories, so it lives in the user's own data dir, not in
 * the shared /tmp. It is named for the wrapper's pid, so one left by a
 * wrapper killed with kill -9 is recognised and removed at the next start.
 * One file in a shared private folder, not a folder per launch: a folder's
 * mkdir and rmdir are journal writes, 1–5 ms of every launch on ext4.
 */
const RUN_DIR = 'run';
const PREFIX = 'context-';

export function handoverFile(userDataDir: string): string {
  const dir = join(userDataDir, RUN_DIR);
  ensurePrivateDir(dir);
  return join(dir, `${PREFIX}${process.pid}-${randomHex(4)}.md`);
}

/** The wrapper a handover entry belongs to: `context-<pid>-….md`, or `<pid>-…/` as earlier versions made it; undefined for what else lives in run/ (the query server's socket). */
function ownerPid(name: string): number | undefined {
  const m = /^(?:context-)?(\d+)-/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** Removes handover files (and earlier versions' folders) whose wrapper is gone: a small folder of our own, cheap enough for the launch path. */
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
    const pid = ownerPid(name);
    if (pid === undefined || (pid > 0 && pidAlive(pid))) continue;
    if (name.startsWith(PREFIX)) removeFile(join(root, name));
    else removeFileFolder(join(root, name));
    n++;
  }
  return n;
}
