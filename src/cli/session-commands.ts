import type { Command } from 'commander';
import { statSync } from 'node:fs';
import { loadConfig, type LoadedConfig, type Paths } from '../config/index.js';
import type { Stores } from '../store/index.js';
import { listSessionIds, isLive, unprocessedLogs, logSize } from '../pty/session-files.js';
import { spawnDetached } from './self.js';
import type { Messages } from './messages.js';
import { FatalError } from '../errors.js';
import type { ProcessMode } from './process-sessions.js';
import { commandSummarizer } from './summarizer-command.js';
import type { CliEnv } from './env.js';

/** Logs up to this size are recovered before the command runs; larger ones in the background. */
const RECOVER_INLINE_BYTES = 2 * 1024 * 1024;

/**
 * Crash recovery, run at the start of memory commands: cheap when nothing
 * is pending. Small logs are processed right away, so `list` after a crash
 * shows their memories; a big one would hold the command up for seconds,
 * so it goes to a background process, with one line saying so.
 */
export async function recoverPending(loaded: LoadedConfig & { paths: Paths }, env: NodeJS.ProcessEnv, cwd: string, messages: Messages): Promise<number> {
  if (!loaded.config.watch.enabled) return 0;
  if (unprocessedLogs(loaded.paths.sessionsDir).length === 0) return 0;
  const { openStores } = await import('../store/index.js');
  const { processSession, pendingSessions } = await import('./process-sessions.js');
  const stores = openStores(loaded, loaded.paths);
  try {
    let n = 0;
    let later = 0;
    for (const id of pendingSessions(stores, loaded.paths)) {
      if (logSize(loaded.paths.sessionsDir, id) > RECOVER_INLINE_BYTES) {
        spawnDetached(['distill', '--session', id], cwd, env);
        later++;
        continue;
      }
      const r = await processSession(stores, loaded.paths, loaded.config, id, 'full', summarizerFor(loaded, env, cwd));
      if (r.skipped?.startsWith('being processed')) later++;
      else n++;
    }
    if (later) messages.info(`${later} session log${later === 1 ? ' is' : 's are'} being processed in the background; their memories appear shortly.`);
    return n;
  } finally {
    stores.close();
  }
}

function summarizerFor(loaded: LoadedConfig, env: NodeJS.ProcessEnv, cwd: string): ReturnType<typeof commandSummarizer> | undefined {
  const cmd = loaded.config.distill.summarizer.trim();
  return cmd ? commandSummarizer(cmd, cwd, env) : undefined;
}

function fileSize(p: string): number {
  try {
    return statSync(p).size;
  } catch {
    return 0;
  }
}

function human(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function registerSessionCommands(program: Command, cli: CliEnv): void {
  program
    .command('distill')
    .description('turn recorded sessions into memories (runs by itself after each session)')
    .option('--session <id>', 'only this session')
    .option('--pending', 'every session not yet processed (the default)')
    .option('--all', 'every session log, again (idempotent)')
    .option('--markers-only', 'only the explicit "remember this" markers')
    .option('--live', 'the session is still running: finished segments only')
    .action(async (o: { session?: string; pending?: boolean; all?: boolean; markersOnly?: boolean; live?: boolean }) => {
      const loaded = loadConfig({ cwd: cli.cwd, env: cli.env, sets: cli.sets() });
      const { openStores } = await import('../store/index.js');
      const { processSession, pendingSessions } = await import('./process-sessions.js');
      const stores: Stores = openStores(loaded, loaded.paths);
      let saveCache: (() => void) | undefined;
      try {
        const mode: ProcessMode = o.markersOnly ? 'markers' : o.live ? 'live' : 'full';
        let ids: string[];
        if (o.session) {
          if (!listSessionIds(loaded.paths.sessionsDir).includes(o.session)) {
            throw new FatalError(`no session log ${o.session} in ${loaded.paths.sessionsDir}. "claude-mem status" lists sessions.`);
          }
          ids = [o.session];
        } else if (o.all) {
          ids = listSessionIds(loaded.paths.sessionsDir).filter((id) => !isLive(loaded.paths.sessionsDir, id));
        } else {
          ids = pendingSessions(stores, loaded.paths);
        }
        let written = 0;
        for (const id of ids) {
          const r = await processSession(stores, loaded.paths, loaded.config, id, mode, summarizerFor(loaded, cli.env, cli.cwd));
          if (r.skipped && o.session) cli.messages.info(`${id}: ${r.skipped}`);
          written += r.written;
        }
        cli.messages.info(`processed ${ids.length} session${ids.length === 1 ? '' : 's'}, ${written} memor${written === 1 ? 'y' : 'ies'} written or updated`);
        // Leave the next launch here a ready block (after a full pass only:
        // live and marker passes run while the session does).
        if (mode === 'full' && ids.length > 0) {
          const { prepareContextCache } = await import('./run-inject.js');
          saveCache = await prepareContextCache(stores, loaded.config, loaded.paths, cli.cwd);
        }
      } finally {
        stores.close();
      }
      saveCache?.();
    });

  program
    .command('status')
    .description('store paths and sizes, counts, the embedder, sessions not yet processed')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const loaded = loadConfig({ cwd: cli.cwd, env: cli.env, sets: cli.sets() });
      await cli.recover(loaded);
      const { openStores } = await import('../store/index.js');
      const { pendingSessions } = await import('./process-sessions.js');
      const stores = openStores(loaded, loaded.paths);
      try {
        const { applyPendingHeat } = await import('./run-inject.js');
        applyPendingHeat(stores, loaded.paths);
        stores.archiveCold();
        const p = loaded.paths;
        const user = stores.user.counts();
        const project = stores.project.counts();
        const merge = (a: Record<string, number>, b: Record<string, number>): Record<string, number> => {
          const out = { ...a };
          for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
          return out;
        };
        const pending = pendingSessions(stores, p);
        const status = {
          project_root: p.projectRoot,
          project_store: { path: p.projectDb, bytes: fileSize(p.projectDb) + fileSize(`${p.projectDb}-wal`) },
          user_store: { path: p.userDb, bytes: fileSize(p.userDb) + fileSize(`${p.userDb}-wal`) },
          sessions_dir: p.sessionsDir,
          sessions: listSessionIds(p.sessionsDir).length,
          pending_sessions: pending,
          last_summary: stores.sessions.lastSummary(p.projectRoot) ?? null,
          embedder: stores.embedder.id,
          embedder_notice: stores.notice ?? null,
          thresholds: stores.thresholds,
          by_type: merge(user.byType, project.byType),
          by_status: merge(user.byStatus, project.byStatus),
          by_agent: merge(user.byAgent, project.byAgent),
          by_embedder: merge(user.byEmbedder, project.byEmbedder),
          config_files: loaded.files,
        };
        if (o.json) {
          cli.print(JSON.stringify(status, null, 2));
          return;
        }
        const kv = (r: Record<string, number>): string => Object.entries(r).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
        cli.print(`project root   ${status.project_root}`);
        cli.print(`project store  ${status.project_store.path} (${human(status.project_store.bytes)})`);
        cli.print(`user store     ${status.user_store.path} (${human(status.user_store.bytes)})`);
        cli.print(`sessions       ${status.sessions} in ${status.sessions_dir}, ${pending.length} not yet processed${pending.length ? `: ${pending.join(', ')}` : ''}`);
        cli.print(`embedder       ${status.embedder}${stores.notice ? ' (fallback: no local model)' : ''}; thresholds update ${stores.thresholds.update}, merge ${stores.thresholds.merge}, retrieval ${stores.thresholds.retrieval}`);
        cli.print(`memories       by type: ${kv(status.by_type)}`);
        cli.print(`               by status: ${kv(status.by_status)}`);
        cli.print(`               by agent: ${kv(status.by_agent)}`);
        const stale = Object.keys(status.by_embedder).filter((e) => e !== stores.embedder.id);
        if (stale.length) cli.print(`               vectors from ${stale.join(', ')}: run "claude-mem reindex"`);
        cli.print(`config         ${loaded.files.length ? loaded.files.join(', ') : 'defaults only'}`);
      } finally {
        stores.close();
      }
    });
}
