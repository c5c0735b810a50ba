/**
 * What a client asks of a directory's memory that is work done later: turn
 * session logs into memories, prune old logs, build the vector indexes,
 * warm the next launch's block in a background process.
 */
import type { DirectoryMemory } from '../memory/index.js';
import { isLive, listSessionIds, logSize, unprocessedLogs } from '../pty/session-files.js';
import { pruneLogs, type PruneReport } from './log-upkeep.js';
import type { ProcessMode, ProcessReport } from './pipeline.js';
import { summarizerFor } from './summarizer-command.js';
import { buildAnnIndexes, startAnnBuildIfDue, type AnnBuildOutcome } from './vector-upkeep.js';
import { warmLater } from './warm.js';
import { sweepLegacyHandovers } from './legacy-handovers.js';

export interface ProcessOptions {
  /** One session; default: every session not yet processed. */
  session?: string;
  /** Every finished log, again (idempotent). */
  all?: boolean;
  mode?: ProcessMode;
}

/**
 * The block the next launch gets is built when a full pass ends, and needs
 * the BPE tokenizer (~200 ms to load, ~28 MB held). Loaded as the distill
 * starts, it loads while the distiller waits on its worker, not after it
 * (the bench's 11.8 MB log: the warm 200 → 35 ms). Held through a huge
 * log's distill it raised the peak RSS (bench/biglog.mjs, 1 GB: 164 → 192
 * MB of a 200 MB bound), where 200 ms is nothing: past this much log it
 * loads at the end, as before.
 */
const PRELOAD_MAX_LOG_BYTES = 64 * 1024 * 1024;

/**
 * Turns session logs into memories. After a full pass the block for the
 * next launch here is prepared, and saved when the memory is closed.
 */
export async function distillSessions(memory: DirectoryMemory, o: ProcessOptions = {}): Promise<ProcessReport[]> {
  const mode = o.mode ?? 'full';
  const { paths, stores } = memory;
  const dir = paths.sessionsDir;
  // Sessions are recorded in the project store: a read-only one cannot take them.
  if (!stores.project.writable && listSessionIds(dir).length > 0) {
    const { StoreError } = await import('../errors.js');
    throw new StoreError(`the project store ${paths.projectDb} is read-only here: session logs cannot be processed. Make the folder writable, then run "claude-mem distill".`, 'readonly');
  }
  sweepLegacyHandovers(paths.userDataDir);
  const ids = o.session ? [o.session] : o.all ? listSessionIds(dir).filter((id) => !isLive(dir, id)) : memory.pending();
  const reports: ProcessReport[] = [];
  const warms = mode === 'full' && ids.length > 0;
  if (warms && ids.reduce((n, id) => n + logSize(dir, id), 0) <= PRELOAD_MAX_LOG_BYTES) memory.preloadWarm();
  const { processSession } = await import('./pipeline.js');
  const summarizer = summarizerFor(memory.config, memory.env, memory.cwd);
  for (const id of ids) reports.push(await processSession(stores, paths, memory.config, id, mode, summarizer));
  // Live and marker passes run while the session does: no block yet.
  if (warms) await memory.warmNextLaunch();
  // Looked at once more now that they are done: finding none waiting leaves
  // the folder's quiet marker (session-files.ts), so the next launch reads
  // one file instead of every log's.
  if (mode === 'full') unprocessedLogs(dir);
  return reports;
}

/** Removes processed session logs older than `days` (default watch.keep_logs_days). */
export function pruneSessions(memory: DirectoryMemory, o: { days?: number; dryRun?: boolean } = {}): PruneReport {
  return pruneLogs(memory.stores, memory.paths, o.days ?? memory.config.watch.keep_logs_days, { dryRun: o.dryRun });
}

/** Builds the approximate vector indexes that are due (every one with `force`). */
export function buildVectorIndexes(memory: DirectoryMemory, o: { force?: boolean } = {}): AnnBuildOutcome[] {
  return buildAnnIndexes(memory.stores, memory.config.store.ann_min_vectors, o);
}

/** Starts that build in the background when one is due; true when it did. */
export function startVectorIndexBuild(memory: DirectoryMemory): boolean {
  return startAnnBuildIfDue(memory.stores, memory.config.store.ann_min_vectors, memory.cwd, memory.env);
}

/**
 * After a change, a background process computes the next launch's block
 * for this directory (`context --warm`), so that launch never rebuilds it
 * in the foreground. For commands and the long-lived servers alike.
 */
export function warmInBackground(memory: DirectoryMemory): void {
  if (!memory.contentChanged || memory.preparesNextLaunch || !memory.config.inject.enabled) return;
  memory.settle();
  warmLater(memory.paths.projectDataDir, memory.cwd, memory.env);
}
