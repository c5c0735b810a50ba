import type { ConflictMemo } from '../inject/index.js';
import { join } from 'node:path';
import { removeFile } from '../fs-private.js';
import { FileMemo } from './file-memo.js';

/**
 * The conflict decisions of a block's pairs (inject/select.ts), kept per
 * project for the next build: after a write only the pairs with the new
 * memory are new. Salted with the embedder and the threshold, which decide
 * them as much as the two memories do; `reindex` removes the file, since
 * it may change a memory's vector and not its text.
 */
const FILE = 'conflict-pairs.json';
const VERSION = 1;
/** A block of 50 memories has 1,225 pairs; this holds a few builds' worth. */
const MAX_ENTRIES = 8192;

const isFlag = (x: unknown): x is 0 | 1 => x === 0 || x === 1;

export class FileConflictMemo implements ConflictMemo {
  private constructor(private readonly memo: FileMemo<0 | 1>) {}

  static load(projectDataDir: string, salt: string): FileConflictMemo {
    return new FileConflictMemo(FileMemo.load(projectDataDir, { file: FILE, version: VERSION, salt, max: MAX_ENTRIES, valid: isFlag }));
  }

  get(pair: string): boolean | undefined {
    const x = this.memo.get(pair);
    return x === undefined ? undefined : x === 1;
  }

  set(pair: string, conflict: boolean): void {
    this.memo.set(pair, conflict ? 1 : 0);
  }

  save(): void {
    this.memo.save();
  }
}

/** Drops every kept decision (after a reindex). Never throws: a folder no file can be removed from had none saved in it either. */
export function forgetConflicts(projectDataDir: string): void {
  try {
    removeFile(join(projectDataDir, FILE));
  } catch {
    // Nothing was kept there.
  }
}
