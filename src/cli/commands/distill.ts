import type { Command } from 'commander';
import { FatalError, exitCodes } from '../../errors.js';
import type { ProcessMode } from '../../background/index.js';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadFor, withCliMemory, type CliEnv } from '../env.js';
import { brief } from '../show.js';
import { teamConfigured } from '../../config/index.js';

export function registerDistill(program: Command, cli: CliEnv): void {
  program
    .command('distill')
    .description('turn recorded sessions into memories (runs by itself after each session)')
    .option('--session <id>', 'only this session')
    .option('--pending', 'every session not yet processed (the default)')
    .option('--all', 'every session log, again (idempotent)')
    .option('--markers-only', 'only the explicit "remember this" markers')
    .option('--live', 'the session is still running: finished segments only')
    .action(async (o: { session?: string; pending?: boolean; all?: boolean; markersOnly?: boolean; live?: boolean }) => {
      const mode: ProcessMode = o.markersOnly ? 'markers' : o.live ? 'live' : 'full';
      // A big log is distilled in a child with a capped heap (memory follows the screen, not the log).
      const { heapCapped, runCapped } = await import('../../background/spawn.js');
      if (!heapCapped() && hasBigLog(loadFor(cli, undefined, false).paths.sessionsDir, o.session)) {
        cli.setExitCode(await runCapped(cli.argv, cli.cwd, cli.env));
        return;
      }
      const reports = await withCliMemory(
        cli,
        async (m) => {
          if (o.session && !m.sessionIds().includes(o.session)) {
            const ids = m.sessionIds().sort().slice(-3);
            throw new FatalError(`no session log ${brief(o.session)} in ${m.paths.sessionsDir}. ${ids.length ? `The latest: ${ids.join(', ')}; their ids are the names of the .cast files there.` : 'No session has been recorded in this project yet ("claude-mem run <cli>" records one).'}`);
          }
          const { distillSessions, startVectorIndexBuild } = await import('../../background/jobs.js');
          const reports = await distillSessions(m, { session: o.session, all: o.all, mode });
          // A store that grew past the approximate index's size gets one, built in its own process.
          if (reports.some((r) => r.written > 0)) startVectorIndexBuild(m);
          // New memories go to the team in the background: the distill never waits for its server.
          if (reports.some((r) => r.written > 0) && teamConfigured(m.config)) {
            const { spawnDetached } = await import('../../background/spawn.js');
            spawnDetached(['sync'], m.cwd, m.env, { heapCap: false });
          }
          return reports;
        },
        // This command is the recovery: nothing to recover first.
        { recover: false },
      );
      const { UNUSABLE } = await import('../../background/skip-reasons.js');
      let written = 0;
      const failed = reports.filter((r) => r.skipped && UNUSABLE.has(r.skipped.kind));
      for (const r of reports) {
        if (r.skipped && (o.session || UNUSABLE.has(r.skipped.kind))) cli.messages.info(`${r.sessionId}: ${r.skipped.detail}`);
        // Once per session: its own transcript could not be used, so the screen was.
        if (r.transcript && !r.transcript.used) cli.messages.info(`${r.sessionId}: distilled from the screen (${r.transcript.detail})`);
        const skipped = r.transcript?.skipped;
        if (skipped && skipped.malformed + skipped.unknown > 0) cli.messages.info(`${r.sessionId}: transcript lines skipped: ${skipped.malformed} unreadable, ${skipped.unknown} of unknown types`);
        written += r.written;
      }
      const done = reports.filter((r) => !r.skipped).length;
      // Sessions another claude-mem process holds (the background distiller after a session): being done, not skipped.
      const busy = reports.filter((r) => r.skipped?.kind === 'busy').length;
      const already = reports.filter((r) => r.skipped?.kind === 'already-processed').length;
      const parts = [
        `processed ${done} session${done === 1 ? '' : 's'}, ${written} memor${written === 1 ? 'y' : 'ies'} written or updated`,
        busy ? `${busy} being processed by another claude-mem process right now ("claude-mem list" shows what it keeps)` : '',
        already && !o.all && !o.session ? `${already} already processed (--all processes them again)` : '',
        failed.length ? `${failed.length} set aside (kept in the sessions folder, tried again when changed or named with --session)` : '',
      ];
      if (done + busy + already + failed.length === 0) parts[0] = 'no sessions to process here';
      cli.messages.info(parts.filter(Boolean).join('; '));
      if (failed.length) cli.setExitCode(exitCodes.failure);
    });
}

/** Logs past this size are distilled under the heap cap. */
const BIG_LOG_BYTES = 64 * 1024 * 1024;

function hasBigLog(sessionsDir: string, session: string | undefined): boolean {
  try {
    const names = session ? [`${session}.cast`] : readdirSync(sessionsDir).filter((f) => f.endsWith('.cast'));
    return names.some((f) => statSync(join(sessionsDir, f)).size > BIG_LOG_BYTES);
  } catch {
    return false;
  }
}
