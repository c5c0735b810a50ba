import type { Command } from 'commander';
import type { MemoryType } from '../../text/index.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { memoryJson, oneLine, when } from '../show.js';
import { typeOption } from './query.js';

export function registerList(program: Command, cli: CliEnv): void {
  program
    .command('list')
    .description('browse memories, oldest first, with their ids, source session and date')
    .addOption(typeOption())
    .option('--archived', 'show archived memories too')
    .option('--json', 'print JSON')
    .action(async (o: { type?: MemoryType; archived?: boolean; json?: boolean }) => {
      const items = await withCliMemory(cli, (m) => m.list({ type: o.type, includeArchived: o.archived ?? false }), { create: false });
      if (o.json) {
        cli.print(JSON.stringify(items.map(memoryJson), null, 2));
        return;
      }
      if (items.length === 0) {
        cli.print(`no ${o.type ?? ''}${o.type ? ' ' : ''}memories yet. Add one with: claude-mem remember "…"`);
        return;
      }
      for (const m of items) {
        const archived = m.supersededBy ? ` (superseded by [${m.supersededBy}])` : m.status === 'archived' ? ' (archived)' : '';
        cli.print(`[${m.id}] [${m.type}]${archived} ${oneLine(m.text, 120)}`);
        // Restatements merged into it are shown, not hidden.
        for (const s of m.supplement.split('\n').filter(Boolean)) cli.print(`     + ${oneLine(s, 116)}`);
        cli.print(`     from ${m.sessionId ? `session ${m.sessionId}` : 'remember'} · ${m.agent} · ${when(m.createdAt)}`);
      }
    });
}
