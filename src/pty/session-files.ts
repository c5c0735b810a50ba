import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_MODE, ensurePrivateDir, removeFile } from '../fs-private.js';
import { randomHex } from '../ids.js';

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * Sortable by time, unique across concurrent runs: 20261206T174039Z-a1b2c3.
 * From the UTC fields, not toISOString(): its first call in a process
 * costs ~0.8 ms, and every launch makes an id.
 */
export function newSessionId(date = new Date()): string {
  const day = `${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}`;
  return `${day}T${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z-${randomHex(3)}`;
}

export const castPath = (sessionsDir: string, id: string): string => join(sessionsDir, `${id}.cast`);
const lockPath = (sessionsDir: string, id: string): string => join(sessionsDir, `${id}.lock`);
const donePath = (sessionsDir: string, id: string): string => join(sessionsDir, `${id}.done`);

/**
 * Marks a session as being recorded by this process, so recovery leaves it
 * alone. A log written to again loses its done marker first: a log that has
 * one has not changed since, which is what lets unprocessedLogs trust the
 * sizes it listed without a stat of every finished log.
 */
export function writeLock(sessionsDir: string, id: string, pid: number): void {
  ensurePrivateDir(sessionsDir);
  try {
    unlinkSync(donePath(sessionsDir, id));
  } catch {
    // None (every new session), or not a file we can remove.
  }
  writeFileSync(lockPath(sessionsDir, id), String(pid), { mode: FILE_MODE });
}

/**
 * Locks left by a wrapper that died without cleaning up (kill -9): their
 * pid is gone. Removed at the next start, so the log is seen as finished.
 */
export function sweepStaleLocks(sessionsDir: string): number {
  let n = 0;
  let names: string[];
  try {
    names = readdirSync(sessionsDir).filter((f) => f.endsWith('.lock'));
  } catch {
    return 0;
  }
  for (const f of names) {
    const id = f.slice(0, -'.lock'.length);
    if (isLive(sessionsDir, id)) continue;
    removeFile(join(sessionsDir, f));
    n++;
  }
  return n;
}

export function removeLock(sessionsDir: string, id: string): void {
  removeFile(lockPath(sessionsDir, id));
}

/** Whether a process exists (EPERM: it does, but is not ours). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive but not ours.
    return (err as { code?: string }).code === 'EPERM';
  }
}

/** A session is live while its recorder's process runs; a crash leaves a dead pid. */
export function isLive(sessionsDir: string, id: string): boolean {
  const p = lockPath(sessionsDir, id);
  if (!existsSync(p)) return false;
  const pid = Number.parseInt(readFileSync(p, 'utf8'), 10);
  return Number.isFinite(pid) && pid > 0 && pidAlive(pid);
}

export function listSessionIds(sessionsDir: string): string[] {
  try {
    return readdirSync(sessionsDir)
      .filter((f) => f.endsWith('.cast'))
      .map((f) => f.slice(0, -'.cast'.length))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Records that a log was processed up to its current size. The store keeps
 * the authoritative offset; this marker only lets `run` see, without
 * opening SQLite, whether any log is waiting.
 */
export function markDone(sessionsDir: string, id: string): void {
  try {
    const size = statSync(castPath(sessionsDir, id)).size;
    writeFileSync(donePath(sessionsDir, id), String(size), { mode: FILE_MODE });
  } catch {
    // Without the marker, the next run just checks again.
  }
}

const asidePath = (sessionsDir: string, id: string): string => join(sessionsDir, `${id}.failed`);

/**
 * Sets a log aside that could not be processed, with the reason, so one bad
 * log never holds up the others or is retried on every command. The log is
 * kept as it is; it is tried again once it changes, or when asked for by name.
 */
export function setAside(sessionsDir: string, id: string, reason: string): void {
  try {
    const size = statSync(castPath(sessionsDir, id)).size;
    writeFileSync(asidePath(sessionsDir, id), `${JSON.stringify({ size, reason })}\n`, { mode: FILE_MODE });
  } catch {
    // Without the marker it is tried again next time, and reported again.
  }
}

/** The reason a log was set aside, while it is unchanged since. */
export function setAsideReason(sessionsDir: string, id: string): string | undefined {
  try {
    const m = JSON.parse(readFileSync(asidePath(sessionsDir, id), 'utf8')) as { size?: unknown; reason?: unknown };
    return m.size === statSync(castPath(sessionsDir, id)).size && typeof m.reason === 'string' ? m.reason : undefined;
  } catch {
    return undefined;
  }
}

export function clearSetAside(sessionsDir: string, id: string): void {
  removeFile(asidePath(sessionsDir, id));
}

/**
 * Logs that may need processing: not live, not set aside, and changed
 * since marked done. Every launch asks, so the folder is read once and a
 * log's lock, set-aside and done files are only opened when they exist: a
 * month of sessions (hundreds of logs) cost a launch ~30 ms of file checks.
 */
export function unprocessedLogs(sessionsDir: string): string[] {
  const folder = folderKey(sessionsDir);
  if (folder === undefined) return [];
  const quiet = readQuiet(sessionsDir);
  if (quiet.folder === folder) return [];
  let names: Set<string>;
  try {
    names = new Set(readdirSync(sessionsDir));
  } catch {
    return [];
  }
  const ids = [...names].filter((f) => f.endsWith('.cast')).map((f) => f.slice(0, -'.cast'.length)).sort();
  const doneSizes = new Map<string, number>();
  const waiting = ids.filter((id) => {
    if (names.has(`${id}.lock`) && isLive(sessionsDir, id)) return false;
    if (names.has(`${id}.failed`) && setAsideReason(sessionsDir, id) !== undefined) return false;
    if (!names.has(`${id}.done`)) return true;
    // Listed done the last time and its marker still there: unchanged since
    // (a recorder removes the marker before it writes again; writeLock).
    // After every new session the folder is read again, and a stat of each
    // finished log was ~15 ms of a launch with 180 of them.
    const listed = quiet.done.get(id);
    if (listed !== undefined) {
      doneSizes.set(id, listed);
      return false;
    }
    try {
      const size = statSync(castPath(sessionsDir, id)).size;
      // Its marker said this size when last read: not read again while the log has not moved.
      const done = quiet.done.get(id) === size || readFileSync(donePath(sessionsDir, id), 'utf8').trim() === String(size);
      if (done) doneSizes.set(id, size);
      return !done;
    } catch {
      return true;
    }
  });
  const anyLock = [...names].some((f) => f.endsWith('.lock'));
  try {
    writeFileSync(quietPath(sessionsDir), quietText(waiting.length === 0 && !anyLock ? folder : '-', doneSizes), { mode: FILE_MODE });
  } catch {
    // Without it, the next launch reads the folder and the markers again.
  }
  return waiting;
}

/**
 * The quiet file: its first line the folder key when every log was found
 * processed (else "-"), then each log found done with the size its marker
 * gave. A folder that changed (a new session) is read again, but a log
 * whose size is the one listed is done without opening its marker: 300
 * logs, ~20 ms of a launch under load before.
 */
function readQuiet(sessionsDir: string): { folder: string; done: Map<string, number> } {
  const [folder = '', ...lines] = safeRead(quietPath(sessionsDir)).split('\n');
  const done = new Map<string, number>();
  for (const line of lines) {
    const sp = line.lastIndexOf(' ');
    if (sp > 0) done.set(line.slice(0, sp), Number(line.slice(sp + 1)));
  }
  return { folder, done };
}

const quietText = (folder: string, done: Map<string, number>): string => [folder, ...[...done].map(([id, size]) => `${id} ${size}`)].join('\n');

/**
 * "Every log here was processed", kept beside the folder (writing it inside
 * would change what it describes) as the folder's identity and mtime when
 * that was last found true. Creating, removing or renaming any file in the
 * folder changes its mtime, and a finished log changes no other way: its
 * recorder held a lock while it wrote, so the marker is never written while
 * a lock exists, and removing one (the session ended, or a stale lock was
 * swept) changes the mtime. A launch then reads one small file instead of
 * each log's markers (706 logs: 16 ms). The folder is read after its mtime:
 * a change made meanwhile is either seen or moves the mtime. Mtimes are
 * coarse (a kernel tick), so a file created in the very tick of the last
 * change could leave it still; what a new session creates comes with its
 * lock, and that lock's removal moves it later.
 */
const quietPath = (sessionsDir: string): string => `${sessionsDir.replace(/\/+$/, '')}.quiet`;

/** The folder's identity and mtime; undefined when there is no folder. */
function folderKey(sessionsDir: string): string | undefined {
  try {
    const st = statSync(sessionsDir, { bigint: true });
    return `${st.dev}:${st.ino}:${st.mtimeNs}`;
  } catch {
    return undefined;
  }
}

const processingPath = (sessionsDir: string, id: string): string => join(sessionsDir, `${id}.processing`);

/**
 * Only one process distills a log at a time: the one that made the
 * `.processing` file (O_EXCL). A stale file from a dead process is taken over.
 * Returns a release function, or undefined when someone else is at it.
 */
export function claimProcessing(sessionsDir: string, id: string): (() => void) | undefined {
  const p = processingPath(sessionsDir, id);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(p, 'wx', FILE_MODE);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => removeFile(p);
    } catch {
      const pid = Number.parseInt(safeRead(p), 10);
      if (Number.isFinite(pid) && pid > 0 && pid !== process.pid && pidAlive(pid)) return undefined;
      removeFile(p);
    }
  }
  return undefined;
}

function safeRead(p: string): string {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return '';
  }
}

export function logSize(sessionsDir: string, id: string): number {
  try {
    return statSync(castPath(sessionsDir, id)).size;
  } catch {
    return 0;
  }
}
