import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { brief } from '../show.js';
import { pruneSessions } from '../../background/jobs.js';

export function registerPrune(program: Command, cli: CliEnv): void {
  program
    .command('prune')
    .description('remove processed session logs older than watch.keep_logs_days (30); their memories stay')
    .option('--older-than <days>', 'age in days instead of watch.keep_logs_days')
    .option('--dry-run', 'only say what would go')
    .action(async (o: { olderThan?: string; dryRun?: boolean }) => {
      const days = o.olderThan === undefined ? undefined : Number(o.olderThan);
      if (days !== undefined && !(days >= 0)) throw new UsageError(`--older-than ${brief(o.olderThan ?? '')}: expected a number of days, e.g. 14.`);
      const r = await withCliMemory(cli, (m) => pruneSessions(m, { days, dryRun: o.dryRun }), { recover: false });
      const mb = (r.bytes / 1048576).toFixed(1);
      cli.print(`${o.dryRun ? 'would remove' : 'removed'} ${r.removed.length} session log${r.removed.length === 1 ? '' : 's'} (${mb} MiB)${r.removed.length ? `: ${r.removed.join(', ')}` : ''}`);
      if (r.spool.length) cli.print(`${o.dryRun ? 'would remove' : 'removed'} ${r.spool.length} old hook spool file${r.spool.length === 1 ? '' : 's'} of CLI sessions`);
      if (r.kept.length) cli.print(`kept ${r.kept.length} old log${r.kept.length === 1 ? '' : 's'} not yet distilled or still recording: ${r.kept.join(', ')}`);
    });
}
