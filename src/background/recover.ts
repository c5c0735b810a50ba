import type { DirectoryMemory, Notices } from '../memory/index.js';
import { logSize, sweepStaleLocks, unprocessedLogs } from '../pty/session-files.js';
import { spawnDetached } from './spawn.js';
import { UNUSABLE } from './skip-reasons.js';
import { summarizerFor } from './summarizer-command.js';
import { sweepLegacyHandovers } from './legacy-handovers.js';

/** Logs up to this size are recovered before the call returns; larger ones in the background. */
const RECOVER_INLINE_BYTES = 2 * 1024 * 1024;

/**
 * Crash recovery, for openMemory's `recover`: cheap when nothing is
 * pending. Small logs are processed right away, so `list` after a crash
 * shows their memories; a big one would hold the caller up for seconds, so
 * it goes to a background process.
 */
export async function recoverSessions(memory: DirectoryMemory, notices: Notices): Promise<void> {
  const { config, paths, env } = memory;
  sweepLegacyHandovers(paths.userDataDir);
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
