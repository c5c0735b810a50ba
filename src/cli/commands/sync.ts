import type { Command } from 'commander';
import { withCliMemory, type CliEnv } from '../env.js';

export function registerSync(program: Command, cli: CliEnv): void {
  program
    .command('sync')
    .description("share this project's memories with your team and your other machines (team.url, team.name): pull theirs, push yours")
    .option('--quiet', 'print nothing when all went well (what run and distill start in the background)')
    .action(async (o: { quiet?: boolean }) => {
      const { syncProject } = await import('../../team/index.js');
      const r = await withCliMemory(cli, (m) => syncProject(m, cli.env));
      const { added, updated, deleted, skipped } = r.pulled;
      if (r.held) cli.messages.warn(`${r.held.count} of your memories stay local: ${r.held.reason}.`);
      if (o.quiet) return;
      cli.print(`pulled ${added} new, ${updated} updated, ${deleted} deleted${skipped ? ` (${skipped} already here)` : ''}; pushed ${r.pushed}`);
    });
}
