/**
 * One background process at a time computes a project's next launch block
 * (`context --warm`). A burst of changes (a script remembering a hundred
 * things) asks for it a hundred times; the asks that come while one runs
 * leave a note instead, and the running one goes round again for them.
 */
import { closeSync, existsSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnDetached } from './spawn.js';

/** A warm left by a killed process holds its lock for at most this long. */
const STALE_MS = 60_000;
const MAX_ROUNDS = 5;

export const warmFiles = (projectDataDir: string): { lock: string; again: string } => ({
  lock: join(projectDataDir, 'context-warm.lock'),
  again: join(projectDataDir, 'context-warm.again'),
});

function fresh(file: string, now: number): boolean {
  try {
    return now - statSync(file).mtimeMs < STALE_MS;
  } catch {
    return false;
  }
}

function note(file: string): boolean {
  try {
    writeFileSync(file, '', { mode: 0o600 });
    return true;
  } catch {
    return false;
  }
}

/** Starts a warm, unless one is running: then it is asked to go round once more. */
export function requestWarm(projectDataDir: string, start: () => void, now = Date.now()): void {
  const f = warmFiles(projectDataDir);
  if (fresh(f.lock, now) && note(f.again)) return;
  start();
}

/** Asks for `context --warm` of `cwd` in a detached process (see requestWarm). */
export function warmLater(projectDataDir: string, cwd: string, env: NodeJS.ProcessEnv): void {
  requestWarm(projectDataDir, () => spawnDetached(['context', '--warm', '--dir', cwd], cwd, env));
}

/** The warm process: takes the lock (or leaves a note for its holder) and rounds until no note is left. */
export async function runWarm(projectDataDir: string, once: () => Promise<void>, now = Date.now()): Promise<void> {
  const f = warmFiles(projectDataDir);
  let locked = false;
  try {
    closeSync(openSync(f.lock, 'wx', 0o600));
    locked = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      if (fresh(f.lock, now)) {
        note(f.again);
        return;
      }
      // Left by a killed warm: take it over.
      rmSync(f.lock, { force: true });
      return runWarm(projectDataDir, once, now);
    }
    // No project folder to lock in (nothing stored here yet): one round, unlocked.
  }
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      rmSync(f.again, { force: true });
      await once();
      if (!existsSync(f.again)) break;
    }
  } finally {
    if (locked) rmSync(f.lock, { force: true });
  }
}
