import { loadConfig, type LoadedConfig, type Paths } from '../config/index.js';
import { logSize, sweepStaleLocks, unprocessedLogs } from '../pty/session-files.js';
import type { Embedder } from '../store/index.js';
import { spawnDetached } from './background.js';
import { DirectoryMemory } from './directory-memory.js';
import { applyPendingHeat } from './launch.js';
import { noticeOnce } from './notice-once.js';
import { SILENT, type Notices } from './notices.js';
import { UNUSABLE } from './skip-reasons.js';
import { keepOutOfGit } from './git-exclude.js';
import { sweepLegacyHandovers } from './handover.js';
import { summarizerFor } from './summarizer-command.js';

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
   * Process session logs left behind by a crash before returning (default
   * true). Small ones inline, big ones in a background process.
   */
  recover?: boolean;
  /** Use this embedder instead of the configured one (tests, benchmarks). */
  embedder?: Embedder;
  /**
   * Create stores that do not exist yet (default true). Readers pass false:
   * a missing store then reads as empty and nothing is written to disk.
   */
  create?: boolean;
}

/** Logs up to this size are recovered before the call returns; larger ones in the background. */
const RECOVER_INLINE_BYTES = 2 * 1024 * 1024;

/**
 * Opens the memory of a directory: config, both stores, and the upkeep
 * every reader owes (crash recovery, heat owed by cached launches, the
 * fallback notice once, lazy archiving of cold facts).
 */
export async function openMemory(o: OpenOptions = {}): Promise<DirectoryMemory> {
  const cwd = o.cwd ?? process.cwd();
  const env = o.env ?? process.env;
  const notices = o.notices ?? SILENT;
  const loaded = o.loaded ?? loadConfig({ cwd, env, sets: o.sets });
  if (!o.loaded) for (const w of loaded.warnings) notices.warn(w);
  const { openStores } = await import('../store/index.js');
  // Logs waiting to be recovered need a store to land in, even for a reader.
  const pendingLogs = o.recover !== false && loaded.config.watch.enabled && unprocessedLogs(loaded.paths.sessionsDir).length > 0;
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
      if (o.recover !== false) await recover(memory, env, notices);
      applyPendingHeat(stores, loaded.paths);
    }
    sweepLegacyHandovers(loaded.paths.userDataDir);
    noticeOnce(loaded.paths.userDataDir, 'lexical', stores.notice, notices);
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

/**
 * Crash recovery: cheap when nothing is pending. Small logs are processed
 * right away, so `list` after a crash shows their memories; a big one would
 * hold the caller up for seconds, so it goes to a background process.
 */
async function recover(memory: DirectoryMemory, env: NodeJS.ProcessEnv, notices: Notices): Promise<void> {
  const { config, paths } = memory;
  sweepStaleLocks(paths.sessionsDir);
  if (!config.watch.enabled || unprocessedLogs(paths.sessionsDir).length === 0) return;
  const { processSession } = await import('./pipeline.js');
  let later = 0;
  for (const id of memory.pending()) {
    if (logSize(paths.sessionsDir, id) > RECOVER_INLINE_BYTES) {
      spawnDetached(['distill', '--session', id], memory.cwd, env);
      later++;
      continue;
    }
    const r = await processSession(memory.stores, paths, config, id, 'full', summarizerFor(config, env, memory.cwd));
    if (r.skipped?.kind === 'busy') later++;
    else if (r.skipped && UNUSABLE.has(r.skipped.kind)) notices.warn(`set aside session log ${id}: ${r.skipped.detail}`);
  }
  if (later) notices.info(`${later} session log${later === 1 ? ' is' : 's are'} being processed in the background; their memories appear shortly.`);
}
