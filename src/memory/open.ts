import { loadConfig, type LoadedConfig, type Paths } from '../config/index.js';
import { unprocessedLogs } from '../pty/session-files.js';
import type { Embedder } from '../store/index.js';
import { DirectoryMemory } from './directory-memory.js';
import { applyPendingHeat } from './next-launch.js';
import { noticeOnce } from './notice-once.js';
import { SILENT, type Notices } from './notices.js';
import { keepOutOfGit } from './git-exclude.js';

/**
 * Work a client wants done right after the stores open and before the call
 * returns: crash recovery (background/recover.ts's recoverSessions) is the
 * one there is. The core only offers the slot, so it never loads the
 * distiller for a reader that does not ask.
 */
export type OnOpen = (memory: DirectoryMemory, notices: Notices) => Promise<void>;

export interface OpenOptions {
  /** The directory whose memory this is; default: the current one. */
  cwd?: string;
  /** Default: process.env (CLAUDE_MEM_DATA_DIR, XDG_*, CLAUDE_MEM_<SECTION>_<KEY>). */
  env?: NodeJS.ProcessEnv;
  /** `key=value` overrides, highest precedence. */
  sets?: string[];
  /** A config already loaded for cwd; skips loading. */
  loaded?: LoadedConfig & { paths: Paths };
  /** Where one-line notices go (fallback embedder, background work). Default: nowhere. */
  notices?: Notices;
  /**
   * Session logs left behind by a crash: pass recoverSessions (from
   * claude-mem) to process them before the call returns. Default: left for
   * the next client that asks.
   */
  recover?: OnOpen;
  /** Use this embedder instead of the configured one (tests, benchmarks). */
  embedder?: Embedder;
  /**
   * Create stores that do not exist yet (default true). Readers pass false:
   * a missing store then reads as empty and nothing is written to disk.
   */
  create?: boolean;
}

/**
 * Opens the memory of a directory: config, both stores, and the upkeep
 * every reader owes (heat owed by cached launches, the fallback notice
 * once, lazy archiving of cold facts), and crash recovery when asked.
 */
export async function openMemory(o: OpenOptions = {}): Promise<DirectoryMemory> {
  const cwd = o.cwd ?? process.cwd();
  const env = o.env ?? process.env;
  const notices = o.notices ?? SILENT;
  const loaded = o.loaded ?? loadConfig({ cwd, env, sets: o.sets });
  if (!o.loaded) for (const w of loaded.warnings) notices.warn(w);
  const { openStores } = await import('../store/index.js');
  // Logs waiting to be recovered need a store to land in, even for a reader.
  const pendingLogs = o.recover !== undefined && loaded.config.watch.enabled && unprocessedLogs(loaded.paths.sessionsDir).length > 0;
  const create = o.create !== false || pendingLogs;
  const stores = openStores(loaded, loaded.paths, { embedder: o.embedder, create });
  const memory = new DirectoryMemory(stores, loaded, cwd, env);
  try {
    for (const s of stores.all.filter((x) => x.created)) {
      notices.info(`created the ${s.scope === 'user' ? 'user store (global memories)' : 'project store'} ${s.path}`);
      if (s.scope === 'project') keepOutOfGit(loaded.paths, notices);
    }
    for (const s of stores.readOnly.filter((x) => x.access !== 'absent')) {
      notices.warn(
        s.access === 'full'
          ? `the disk holding the ${s.scope} store ${s.path} is full: showing what it holds; nothing new can be saved until you free some space.`
          : s.access === 'snapshot'
          ? `the ${s.scope} store ${s.path} is read-only here: showing what it holds; nothing new can be saved to it.`
          : `the ${s.scope} store ${s.path} cannot be created here (read-only folder); ${s.scope} memories are empty for now.`,
      );
    }
    // Upkeep writes: only where the project store can take them.
    if (stores.project.writable) {
      await o.recover?.(memory, notices);
      applyPendingHeat(stores, loaded.paths);
    }
    noticeOnce(loaded.paths.userDataDir, 'lexical', () => stores.notice, notices);
    stores.archiveCold();
  } catch (err) {
    memory.close();
    throw err;
  }
  return memory;
}

/** Opens, runs `fn`, and always closes. */
export async function withMemory<T>(o: OpenOptions, fn: (memory: DirectoryMemory) => Promise<T> | T): Promise<T> {
  const memory = await openMemory(o);
  try {
    return await fn(memory);
  } finally {
    memory.close();
  }
}
