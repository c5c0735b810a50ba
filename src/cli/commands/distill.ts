import type { Command } from 'commander';
import { FatalError } from '../../errors.js';
import type { ProcessMode } from '../../memory/index.js';
import { withCliMemory, type CliEnv } from '../env.js';

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
      const reports = await withCliMemory(
        cli,
        (m) => {
          if (o.session && !m.sessionIds().includes(o.session)) {
            throw new FatalError(`no session log ${o.session} in ${m.paths.sessionsDir}. "claude-mem status" lists sessions.`);
          }
          return m.process({ session: o.session, all: o.all, mode });
        },
        // This command is the recovery: nothing to recover first.
        { recover: false },
      );
      let written = 0;
      for (const r of reports) {
        if (r.skipped && o.session) cli.messages.info(`${r.sessionId}: ${r.skipped.detail}`);
        written += r.written;
      }
      cli.messages.info(`processed ${reports.length} session${reports.length === 1 ? '' : 's'}, ${written} memor${written === 1 ? 'y' : 'ies'} written or updated`);
    });
}
