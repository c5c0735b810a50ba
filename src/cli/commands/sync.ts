import type { Command } from 'commander';
import { withCliMemory, type CliEnv } from '../env.js';

export function registerSync(program: Command, cli: CliEnv): void {
  program
    .command('sync')
    .description("share this project's memories with your team and your other machines (team.url, team.name): pull theirs, push yours")
    .option('--quiet', 'print nothing when all went well (what run and distill start in the background)')
    .option('--watch', 'keep syncing: pull as soon as a teammate pushes, push as soon as this store changes')
    .option('--parent <pid>', 'with --watch: stop when this process ends (what run starts beside a session)')
    .action(async (o: { quiet?: boolean; watch?: boolean; parent?: string }) => {
      const { syncProject, watchProject } = await import('../../team/index.js');
      if (o.watch) {
        const parent = o.parent === undefined ? undefined : Number(o.parent);
        await withCliMemory(cli, (m) => watchProject(m, cli.env, parent !== undefined && parent > 0 ? parent : undefined), { recover: false });
        return;
      }
      const r = await withCliMemory(cli, (m) => syncProject(m, cli.env));
      const { added, updated, deleted, skipped, bad } = r.pulled;
      if (bad) cli.messages.warn(`skipped ${bad} change${bad === 1 ? '' : 's'} from the team store with a date that is not a date; ask its admin to run "claude-mem team init" (it repairs them).`);
      if (r.held) cli.messages.warn(`${r.held.count} of your memories stay local: ${r.held.reason}.`);
      if (r.refused) cli.messages.warn(`${r.refused} teammate${r.refused === 1 ? "'s memory" : "s' memories"} you forgot with --team ${r.refused === 1 ? 'is' : 'are'} gone from here but not from the team: only a memory's author or a team admin deletes it for everyone.`);
      if (o.quiet) return;
      cli.print(`pulled ${added} new, ${updated} updated, ${deleted} deleted${skipped ? ` (${skipped} already here)` : ''}; pushed ${r.pushed}`);
      // Why a push sent less than the user expects: team.share: reviewed sends what a person reviewed (remember and markers are, at birth).
      if (r.unreviewed) cli.print(`${r.unreviewed} of your memories wait for review before they are shared (team.share: reviewed): claude-mem review, or claude-mem review --accept --all`);
    });
}
