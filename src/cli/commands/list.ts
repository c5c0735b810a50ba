import { teamAuthorOf } from '../../text/team-agent.js';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { MemoryType } from '../../text/index.js';
import type { SubjectHistory } from '../../memory/history.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { memoryJson, oneLine, when } from '../show.js';
import { typeOption } from './query.js';

export function registerList(program: Command, cli: CliEnv): void {
  program
    .command('list')
    .description('browse memories, oldest first, with their ids, source session and date')
    .addOption(typeOption())
    .option('--archived', 'show archived memories too')
    .option('--history <subject>', 'the values a subject held over time, e.g. "preview port" or 构建命令')
    .option('--json', 'print JSON')
    .action(async (o: { type?: MemoryType; archived?: boolean; history?: string; json?: boolean }) => {
      if (o.history !== undefined) return printHistory(cli, o.history, o.json ?? false);
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
        cli.print(`     from ${m.sessionId ? `session ${m.sessionId}` : 'remember'} · ${m.agent} · ${when(m.createdAt)}${m.subject ? ` · about: ${m.subject}` : ''}`);
      }
    });
}

async function printHistory(cli: CliEnv, asked: string, json: boolean): Promise<void> {
  if (!asked.trim()) throw new UsageError('--history needs a subject, e.g. --history "preview port"');
  const subjects: SubjectHistory[] = await withCliMemory(cli, (m) => m.history(asked), { create: false });
  if (json) {
    cli.print(JSON.stringify(subjects.map((h) => ({ subject: h.subject, key: h.key, values: h.values.map((v) => memoryJson(v.memory)) })), null, 2));
    return;
  }
  if (subjects.length === 0) {
    cli.print(`no memory states a value of "${oneLine(asked, 40)}". Try other words, or "claude-mem query ${oneLine(asked, 40)}".`);
    return;
  }
  for (const h of subjects) {
    cli.print(h.subject);
    for (const v of h.values) {
      const span = `${when(v.from)} → ${v.to === undefined ? (v.memory.status === 'active' ? 'now' : 'archived') : when(v.to)}`;
      const author = teamAuthorOf(v.memory.agent);
      cli.print(`  ${span.padEnd(35)} ${oneLine(v.memory.value || '?', 40).padEnd(20)} [${v.memory.id}] ${oneLine(v.memory.text, 80)}${author ? `  (from ${author})` : ''}`);
    }
  }
}
