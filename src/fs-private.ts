import { chmodSync, mkdirSync, openSync, closeSync, writeFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';

/** Everything claude-mem writes is private: directories 0700, files 0600. */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  try {
    chmodSync(dir, DIR_MODE);
  } catch {
    // A directory we can use but not chmod (another owner) is still usable.
  }
}

/** Creates the file if missing, with 0600, and returns nothing: callers open it themselves. */
export function touchPrivateFile(path: string): void {
  ensurePrivateDir(dirname(path));
  closeSync(openSync(path, 'a', FILE_MODE));
  chmodSync(path, FILE_MODE);
}

/** Writes a file atomically (temp + rename) with mode 0600. */
export function writePrivateFile(path: string, data: string): void {
  ensurePrivateDir(dirname(path));
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data, { mode: FILE_MODE });
  renameSync(tmp, path);
}
