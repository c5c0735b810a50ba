import type { Command } from 'commander';
import { FatalError } from '../../errors.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { brief, oneLine } from '../show.js';

export function registerForget(program: Command, cli: CliEnv): void {
  program
    .command('forget')
    .description('delete memories for good (their text, index and vector)')
    .argument('<id...>', 'ids from "claude-mem list", or passages (e12) from "claude-mem query"')
    .option('--scrub-logs', 'also replace their text in the raw session logs')
    .option('--team', 'also a memory shared with your team: it is deleted from the team store at the next sync')
    .action(async (ids: string[], o: { scrubLogs?: boolean; team?: boolean }) => {
      const results = await withCliMemory(cli, (m) =>
        ids.map((id) => {
          // e12: a passage of what was said (query's [said] lines, MCP's second tier).
          const said = /^e\d+$/.test(id.trim()) ? m.forgetSaid(id) : undefined;
          return { id, said, gone: said === undefined ? m.forget(id, { scrubLogs: o.scrubLogs, team: o.team }) : undefined };
        }),
      );
      let fromSessions = 0;
      for (const { id, said, gone } of results) {
        if (said !== undefined) cli.print(`forgot [${id}] (what was said) ${oneLine(said, 80)}`);
        if (!gone) continue;
        cli.print(`forgot [${id}] ${oneLine(gone.memory.text, 80)}`);
        if (gone.memory.sessionId) fromSessions++;
        const passages = gone.scrubbed['episode index'] ?? 0;
        if (passages) cli.print(`and ${passages} passage${passages === 1 ? '' : 's'} of what was said that held its words`);
        if (o.scrubLogs) {
          const logs = Object.entries(gone.scrubbed).filter(([k]) => k !== 'episode index');
          const n = logs.reduce((a, [, b]) => a + b, 0);
          cli.print(`scrubbed ${n} occurrence${n === 1 ? '' : 's'} from ${logs.length} session log${logs.length === 1 ? '' : 's'}`);
          if (gone.skippedLive.length) cli.messages.warn(`not scrubbed, still recording: ${gone.skippedLive.join(', ')}; run the same after they end, or remove them.`);
        }
      }
      // Only a memory that came from a recorded session can be in a session log.
      if (!o.scrubLogs && fromSessions) cli.messages.info(`its text may still be in the raw session log it came from; "claude-mem forget --scrub-logs <id>" also removes it there.`);
      const missing = results.filter((r) => !r.gone && r.said === undefined).map((r) => brief(r.id));
      if (missing.length) throw new FatalError(`no memory with id ${missing.join(', ')}. "claude-mem list" shows the ids (global ones start with g); "claude-mem query" shows passages of what was said (e12).`);
    });
}
