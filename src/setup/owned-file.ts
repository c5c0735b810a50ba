/**
 * A file of the CLI's that setup changes, changed so it can be undone: the
 * first install keeps a backup of the original (or of its absence), and a
 * copy of what setup wrote. Uninstall restores the original byte for byte
 * when the file is still as setup left it; otherwise it takes out only
 * claude-mem's part and keeps the backup.
 */
import { chmodSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writePrivateFile } from '../fs-private.js';

/** The CLI's own file, rewritten whole, with the mode it had (0644 stays 0644); one setup creates is private. */
function writeKeepingMode(path: string, data: string): void {
  const mode = existsSync(path) ? statSync(path).mode & 0o777 : undefined;
  writePrivateFile(path, data);
  if (mode !== undefined) chmodSync(path, mode);
}

const ABSENT = '\u0000claude-mem: there was no such file\n';

export function readIfThere(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

const backupOf = (path: string): string => `${path}.claude-mem-backup`;
const installedOf = (path: string): string => `${path}.claude-mem-installed`;

export type Installed = 'unchanged' | 'created' | 'updated';

export function installOwned(path: string, raw: string | undefined, next: string): Installed {
  if (next === raw) return 'unchanged';
  if (!existsSync(backupOf(path))) writePrivateFile(backupOf(path), raw ?? ABSENT);
  writeKeepingMode(path, next);
  writePrivateFile(installedOf(path), next);
  return raw === undefined ? 'created' : 'updated';
}

export type Uninstalled = 'restored' | 'took-out-ours';

/** `withoutOurs` is the current text with only claude-mem's part taken out (or undefined to delete the file). */
export function uninstallOwned(path: string, raw: string | undefined, withoutOurs: string | undefined): Uninstalled {
  const backup = backupOf(path);
  const installed = installedOf(path);
  if (existsSync(backup) && existsSync(installed) && readFileSync(installed, 'utf8') === raw) {
    const original = readFileSync(backup, 'utf8');
    if (original === ABSENT) rmSync(path, { force: true });
    else writeKeepingMode(path, original);
    rmSync(backup, { force: true });
    rmSync(installed, { force: true });
    return 'restored';
  }
  if (withoutOurs === undefined) rmSync(path, { force: true });
  else writeKeepingMode(path, withoutOurs);
  rmSync(installed, { force: true });
  return 'took-out-ours';
}

export const backupPath = backupOf;
