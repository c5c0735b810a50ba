import type { Command } from 'commander';
import { FatalError } from '../../errors.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { brief, oneLine } from '../show.js';

export function registerForget(program: Command, cli: CliEnv): void {
  program
    .command('forget')
    .description('delete a memory for good (its text, index and vector)')
    .argument('<id>', 'an id from "claude-mem list"')
    .option('--scrub-logs', 'also replace its text in the raw session logs')
    .action(async (id: string, o: { scrubLogs?: boolean }) => {
      const gone = await withCliMemory(cli, (m) => m.forget(id, { scrubLogs: o.scrubLogs }));
      if (!gone) throw new FatalError(`no memory with id ${brief(id)}. "claude-mem list" shows the ids (global ones start with g).`);
      cli.print(`forgot [${id}] ${oneLine(gone.memory.text, 80)}`);
      if (o.scrubLogs) {
        const n = Object.values(gone.scrubbed).reduce((a, b) => a + b, 0);
        cli.print(`scrubbed ${n} occurrence${n === 1 ? '' : 's'} from ${Object.keys(gone.scrubbed).length} session log${Object.keys(gone.scrubbed).length === 1 ? '' : 's'}`);
        if (gone.skippedLive.length) cli.messages.warn(`not scrubbed, still recording: ${gone.skippedLive.join(', ')}; run the same after they end, or remove them.`);
      } else {
        cli.messages.info('its text may still be in the raw session logs; "claude-mem forget --scrub-logs" also removes it there.');
      }
    });
}
