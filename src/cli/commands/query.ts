import { Option, type Command } from 'commander';
import { UsageError } from '../../errors.js';
import { MEMORY_TYPES, type MemoryType } from '../../text/index.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { checkText, MAX_QUERY_CHARS } from '../text-input.js';
import { brief, memoryJson, parseAsOf, parseDate, when } from '../show.js';
import { excerpt } from '../../episodes/excerpt.js';
import { escapeInvisible } from '../../text/inert.js';
import { teamAuthorOf } from '../../text/team-agent.js';
import { searchAll, type Found } from '../../memory/search-all.js';
import { insideQueryServer, startQueryServerFor } from '../../query-server/spawn.js';

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
    .option('--episodes', 'search only what was said (the episode index: every message, redacted), not the memories')
    .option('--json', 'print JSON')
    .action(async (words: string[], o: { type?: MemoryType; agent?: string; dir?: string; since?: string; until?: string; limit: string; archived?: boolean; asOf?: string; episodes?: boolean; json?: boolean }) => {
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
      const { found, ms } = await withCliMemory(
        cli,
        async (m) => {
          const result = await searchAll(m, text, { limit, type: o.type, agent: o.agent, dir: o.dir, since, until, includeArchived: o.archived ?? false, ...(asOf !== undefined ? { asOf } : {}), ...(o.episodes ? { episodes: 'only' as const } : {}) });
          // Answered here, not by a query server: start one for the next queries where that pays.
          startQueryServerFor({ paths: m.loaded.paths, config: m.loaded.config, cwd: cli.cwd, env: cli.env, entry: process.argv[1] });
          return result;
        },
        { create: false },
      );
      if (o.json) {
        cli.print(JSON.stringify(found.map(foundJson), null, 2));
        return;
      }
      // The count is a status line (stderr, silenced by -q); stdout holds only results.
      cli.messages.info(`${found.length} result${found.length === 1 ? '' : 's'} in ${ms.toFixed(1)} ms${insideQueryServer() ? ' (by the query server)' : ''}`);
      if (found.length === 0) cli.print(o.episodes ? `nothing said matches "${brief(text)}". Try other words, or leave out --episodes to search memories.` : `no memories match "${brief(text)}". Try other words, or "claude-mem list".`);
      for (const f of found) cli.print(foundLine(f, text));
    });
}

function foundJson(f: Found): Record<string, unknown> {
  if (f.kind === 'memory') return { kind: 'memory', score: Number(f.hit.score.toFixed(4)), ...memoryJson(f.hit.memory) };
  const e = f.hit.episode;
  return { kind: 'said', score: Number(f.hit.score.toFixed(4)), id: `e${e.id}`, text: e.text, role: e.role, agent: e.agent, session_id: e.sessionId, position: e.position, dir: e.dir, source: e.source, said_at: new Date(e.at).toISOString() };
}

/** One line per result: the part that answers the question, not the first 100 characters. */
function foundLine(f: Found, question: string): string {
  if (f.kind === 'said') {
    const e = f.hit.episode;
    return `${f.hit.score.toFixed(2)} [said] ${when(e.at).slice(0, 10)} ${e.agent} ${e.role}: ${escapeInvisible(excerpt(e.text, question))}  (id e${e.id}, session ${e.sessionId.slice(0, 8)})`;
  }
  const h = f.hit;
  const extra = h.memory.supplement ? `  (+${h.memory.supplement.split('\n').filter(Boolean).length} merged)` : '';
  const past = h.memory.validTo !== null ? `  (until ${when(h.memory.validTo)})` : '';
  // A teammate's memory says whose it is, as the block does.
  const author = teamAuthorOf(h.memory.agent);
  return `${h.score.toFixed(2)} [${h.memory.type}] ${escapeInvisible(excerpt(h.memory.text, question))}  (id ${h.memory.id}${author ? `, from ${escapeInvisible(author)}` : ''})${extra}${past}`;
}
