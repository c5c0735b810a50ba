import { Option, type Command } from 'commander';
import { UsageError } from '../../errors.js';
import { MEMORY_TYPES, type MemoryType } from '../../text/index.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { checkText, MAX_QUERY_CHARS } from '../text-input.js';
import { brief, memoryJson, oneLine, parseAsOf, parseDate, when } from '../show.js';

export const typeOption = (): Option => new Option('--type <type>', 'global, project or fact').choices([...MEMORY_TYPES]);

export function registerQuery(program: Command, cli: CliEnv): void {
  program
    .command('query')
    .description('search memories (full text and vectors, Chinese and English)')
    .argument('<text...>', 'what to look for')
    .addOption(typeOption())
    .option('--agent <name>', 'only memories written by this CLI')
    .option('--dir <dir>', 'only memories of this directory or below')
    .option('--since <date>', 'only memories created on or after this date')
    .option('--until <date>', 'only memories created on or before this date')
    .option('--limit <n>', 'at most this many results', '10')
    .option('--archived', 'include archived memories')
    .option('--as-of <date>', 'what was true then: memories said by that date and not yet replaced by a newer value')
    .option('--json', 'print JSON')
    .action(async (words: string[], o: { type?: MemoryType; agent?: string; dir?: string; since?: string; until?: string; limit: string; archived?: boolean; asOf?: string; json?: boolean }) => {
      let text = checkText(words.join(' '), 'query').trim();
      if (!text) throw new UsageError('the query is empty. Example: claude-mem query "test command"');
      if (text.length > MAX_QUERY_CHARS) {
        cli.messages.info(`the query is ${text.length} characters; using the first ${MAX_QUERY_CHARS}.`);
        text = text.slice(0, MAX_QUERY_CHARS);
      }
      const limit = Number.parseInt(o.limit, 10);
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit ${brief(o.limit)}: expected a positive whole number.`);
      const since = parseDate(o.since, '--since');
      const until = parseDate(o.until, '--until');
      const asOf = parseAsOf(o.asOf);
      const { hits, ms } = await withCliMemory(cli, (m) =>
        m.search(text, { limit, type: o.type, agent: o.agent, dir: o.dir, since, until, includeArchived: o.archived ?? false, ...(asOf !== undefined ? { asOf } : {}) }),
        { create: false },
      );
      if (o.json) {
        cli.print(JSON.stringify(hits.map((h) => ({ score: Number(h.score.toFixed(4)), ...memoryJson(h.memory) })), null, 2));
        return;
      }
      // The count is a status line (stderr, silenced by -q); stdout holds only results.
      cli.messages.info(`${hits.length} result${hits.length === 1 ? '' : 's'} in ${ms.toFixed(1)} ms`);
      if (hits.length === 0) cli.print(`no memories match "${brief(text)}". Try other words, or "claude-mem list".`);
      for (const h of hits) {
        const extra = h.memory.supplement ? `  (+${h.memory.supplement.split('\n').filter(Boolean).length} merged)` : '';
        const past = h.memory.validTo !== null ? `  (until ${when(h.memory.validTo)})` : '';
        cli.print(`${h.score.toFixed(2)} [${h.memory.type}] ${oneLine(h.memory.text)}  (id ${h.memory.id})${extra}${past}`);
      }
    });
}
