import type { Command } from 'commander';
import { FatalError } from '../../errors.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { brief, oneLine } from '../show.js';

export function registerForget(program: Command, cli: CliEnv): void {
  program
    .command('forget')
    .description('delete memories for good (their text, index and vector)')
    .argument('<id...>', 'ids from "claude-mem list"')
    .option('--scrub-logs', 'also replace their text in the raw session logs')
    .option('--team', 'also a memory shared with your team: it is deleted from the team store at the next sync')
    .action(async (ids: string[], o: { scrubLogs?: boolean; team?: boolean }) => {
      const results = await withCliMemory(cli, (m) => ids.map((id) => ({ id, gone: m.forget(id, { scrubLogs: o.scrubLogs, team: o.team }) })));
      let fromSessions = 0;
      for (const { id, gone } of results) {
        if (!gone) continue;
        cli.print(`forgot [${id}] ${oneLine(gone.memory.text, 80)}`);
        if (gone.memory.sessionId) fromSessions++;
        if (o.scrubLogs) {
          const n = Object.values(gone.scrubbed).reduce((a, b) => a + b, 0);
          cli.print(`scrubbed ${n} occurrence${n === 1 ? '' : 's'} from ${Object.keys(gone.scrubbed).length} session log${Object.keys(gone.scrubbed).length === 1 ? '' : 's'}`);
          if (gone.skippedLive.length) cli.messages.warn(`not scrubbed, still recording: ${gone.skippedLive.join(', ')}; run the same after they end, or remove them.`);
        }
      }
      // Only a memory that came from a recorded session can be in a session log.
      if (!o.scrubLogs && fromSessions) cli.messages.info(`its text may still be in the raw session log it came from; "claude-mem forget --scrub-logs <id>" also removes it there.`);
      const missing = results.filter((r) => !r.gone).map((r) => brief(r.id));
      if (missing.length) throw new FatalError(`no memory with id ${missing.join(', ')}. "claude-mem list" shows the ids (global ones start with g).`);
    });
}
