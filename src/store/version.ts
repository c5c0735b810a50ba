import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from '../fs-private.js';
import { randomHex } from '../ids.js';

/**
 * A store's content version: a token beside the database, replaced after
 * every process that changed what a memory block could show (memories,
 * session summaries; not heat). Anything derived from the store, such as
 * the cached launch block, records the token it was computed from and is
 * stale as soon as the token differs. Reading it needs no SQLite.
 */
const FILE = 'store-version';

export function readVersion(dir: string): string {
  try {
    return readFileSync(join(dir, FILE), 'utf8').trim();
  } catch {
    return '0';
  }
}

export function bumpVersion(dir: string): void {
  try {
    writePrivateFile(join(dir, FILE), randomHex(8));
  } catch {
    // Without the bump a cached block could be stale; remove it instead.
    try {
      writePrivateFile(join(dir, FILE), `failed-${Date.now()}`);
    } catch {
      // Nothing more to do: the directory is not writable.
    }
  }
}
