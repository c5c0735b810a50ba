import { statSync } from 'node:fs';
import type { DirectoryMemory } from '../memory/directory-memory.js';
import { openMemory } from '../memory/open.js';
import { recoverSessions } from '../background/recover.js';
import { warmInBackground } from '../background/jobs.js';
import type { KeptOpen, MemoryKeeper } from '../cli/env.js';

/** Directories whose memory stays open at once; the least recently asked is closed first. */
const KEPT = 3;

/** A store file as it was when opened: replaced (a restore, `mv mem.db …`) or gone means open again. */
function identity(path: string): string {
  const st = statSync(path, { throwIfNoEntry: false });
  return st ? `${st.dev}:${st.ino}` : 'absent';
}

interface Kept {
  memory: DirectoryMemory;
  files: string;
}

/**
 * The memories the query server keeps open, one per directory and config.
 * Each use checks that the store files are still the ones opened; another
 * process's writes need nothing (SQLite reads them, the vector index is
 * mapped again when rebuilt), as in the MCP server.
 */
export class KeptMemories implements MemoryKeeper {
  private readonly kept = new Map<string, Kept>();

  async use<T>(open: KeptOpen, fn: (memory: DirectoryMemory) => Promise<T> | T): Promise<T> {
    const key = JSON.stringify([open.cwd, open.loaded.paths, open.loaded.config, open.create ?? true]);
    const files = [open.loaded.paths.projectDb, open.loaded.paths.userDb].map(identity).join(' ');
    let k = this.kept.get(key);
    if (k && k.files !== files) {
      this.kept.delete(key);
      k.memory.close();
      k = undefined;
    }
    if (!k) {
      const { recover, ...rest } = open;
      const memory = await openMemory({ ...rest, recover: recover === false ? undefined : recoverSessions });
      // Opening may have made a store (create): note the files as they are now.
      k = { memory, files: [open.loaded.paths.projectDb, open.loaded.paths.userDb].map(identity).join(' ') };
    }
    this.kept.delete(key);
    this.kept.set(key, k);
    for (const [oldKey, old] of this.kept) {
      if (this.kept.size <= KEPT) break;
      this.kept.delete(oldKey);
      old.memory.close();
    }
    const result = await fn(k.memory);
    warmInBackground(k.memory);
    return result;
  }

  closeAll(): void {
    for (const k of this.kept.values()) k.memory.close();
    this.kept.clear();
  }
}
