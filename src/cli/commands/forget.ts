import type { Command } from 'commander';
import { FatalError } from '../../errors.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { brief, oneLine } from '../show.js';

export function registerForget(program: Command, cli: CliEnv): void {
  program
    .command('forget')
    .description('delete a memory for good (its text, index and vector)')
    .argument('<id>', 'an id from "claude-mem list"')
    .action(async (id: string) => {
      const gone = await withCliMemory(cli, (m) => m.forget(id));
      if (!gone) throw new FatalError(`no memory with id ${brief(id)}. "claude-mem list" shows the ids (global ones start with g).`);
      cli.print(`forgot [${id}] ${oneLine(gone.text, 80)}`);
    });
}
