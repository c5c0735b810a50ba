import { chmodSync, existsSync, mkdirSync, openSync, closeSync, writeFileSync, renameSync, readdirSync, unlinkSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { errnoCode } from './errors.js';

/** Everything claude-mem writes is private: directories 0700, files 0600. */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/**
 * Creates the directories that are missing, each 0700, and touches the mode
 * of no directory that already existed: a path from a config file may run
 * through /tmp or /etc, and those are not ours to change.
 */
export function ensurePrivateDir(dir: string): void {
  const missing: string[] = [];
  let cur = resolve(dir);
  while (!existsSync(cur)) {
    missing.push(cur);
    const parent = dirname(cur);
    if (parent === cur) break;
    cur = parent;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d, { mode: DIR_MODE });
    } catch (err) {
      // Made meanwhile by another claude-mem process: not ours to chmod either.
      if (errnoCode(err) === 'EEXIST') continue;
      throw err;
    }
    // mkdir's mode passes through the umask; set it exactly, on what we made.
    chmodSync(d, DIR_MODE);
  }
}

/** Creates the file if missing, with 0600, and returns nothing: callers open it themselves. */
export function touchPrivateFile(path: string): void {
  ensurePrivateDir(dirname(path));
  const existed = existsSync(path);
  closeSync(openSync(path, 'a', FILE_MODE));
  if (!existed) chmodSync(path, FILE_MODE);
}

/** Writes a file atomically (temp + rename) with mode 0600. */
export function writePrivateFile(path: string, data: string): void {
  ensurePrivateDir(dirname(path));
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data, { mode: FILE_MODE });
  renameSync(tmp, path);
}

/**
 * Removes a file, never throwing when it is already gone. Not rmSync with
 * force: that loads Node's rimraf module (~3 ms) even for one file, and a
 * launch removes its session's lock at exit.
 */
export function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT') throw err;
  }
}

/**
 * Removes a folder of plain files (a handover folder), never throwing when
 * it is already gone. Its files are unlinked one by one: rmSync's recursive
 * walk loads Node's rimraf module, ~3 ms of every launch that hands a block
 * over. Anything else in it (a folder) takes that walk after all.
 */
export function removeFileFolder(dir: string): void {
  try {
    for (const name of readdirSync(dir)) unlinkSync(join(dir, name));
    rmdirSync(dir);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return;
    rmSync(dir, { recursive: true, force: true });
  }
}
