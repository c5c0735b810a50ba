import { Option, type Command } from 'commander';
import { resolve } from 'node:path';
import { UsageError, FatalError } from '../errors.js';
import { loadConfig } from '../config/index.js';
import { MEMORY_TYPES, type MemoryType } from '../store/types.js';
import type { Stores } from '../store/index.js';
import { classify } from '../distill/classify.js';
import type { CliEnv } from './env.js';
import { checkMemoryText, checkText, MAX_QUERY_CHARS, readStdinText } from './text-input.js';
import { memoryJson, oneLine, when } from './show.js';
import { noticeOnce } from './notice-once.js';

const typeOption = (): Option => new Option('--type <type>', 'global, project or fact').choices([...MEMORY_TYPES]);

async function withStores<T>(cli: CliEnv, fn: (stores: Stores, loaded: ReturnType<typeof loadConfig>) => Promise<T>): Promise<T> {
  const loaded = loadConfig({ cwd: cli.cwd, env: cli.env, sets: cli.sets() });
  await cli.recover(loaded);
  // Loaded here, not at the top: `run` must not pay for SQLite it may not use.
  const { openStores } = await import('../store/index.js');
  const stores = openStores(loaded, loaded.paths);
  try {
    // Launches that used the cached block owe their memories heat.
    const { applyPendingHeat } = await import('./run-inject.js');
    applyPendingHeat(stores, loaded.paths);
    noticeOnce(loaded.paths.userDataDir, 'lexical', stores.notice, cli.messages);
    stores.archiveCold();
    return await fn(stores, loaded);
  } finally {
    stores.close();
  }
}

function parseDate(s: string | undefined, flag: string): number | undefined {
  if (s === undefined) return undefined;
  const t = Date.parse(s);
  if (Number.isNaN(t)) throw new UsageError(`${flag} ${s}: expected a date such as 2026-12-01.`);
  return t;
}

export function registerMemoryCommands(program: Command, cli: CliEnv): void {
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
    .option('--json', 'print JSON')
    .action(async (words: string[], o: { type?: MemoryType; agent?: string; dir?: string; since?: string; until?: string; limit: string; archived?: boolean; json?: boolean }) => {
      let text = checkText(words.join(' '), 'query').trim();
      if (!text) throw new UsageError('the query is empty. Example: claude-mem query "test command"');
      if (text.length > MAX_QUERY_CHARS) {
        cli.messages.info(`the query is ${text.length} characters; using the first ${MAX_QUERY_CHARS}.`);
        text = text.slice(0, MAX_QUERY_CHARS);
      }
      const limit = Number.parseInt(o.limit, 10);
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit ${o.limit}: expected a positive whole number.`);
      await withStores(cli, async (stores, loaded) => {
        const started = process.hrtime.bigint();
        const hits = await stores.search(text, {
          limit,
          type: o.type,
          agent: o.agent,
          dir: o.dir ? resolve(cli.cwd, o.dir) : undefined,
          since: parseDate(o.since, '--since'),
          until: parseDate(o.until, '--until'),
          includeArchived: o.archived ?? false,
          cwd: cli.cwd,
          crossDirPenalty: loaded.config.retrieval.cross_dir_penalty,
        });
        // Hits with no lexical match and a weak vector are noise, not results.
        const shown = hits.filter((h) => h.lexical > 0 || h.cosine >= stores.thresholds.retrieval);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (o.json) {
          cli.print(JSON.stringify(shown.map((h) => ({ score: Number(h.score.toFixed(4)), ...memoryJson(h.memory) })), null, 2));
          return;
        }
        cli.print(`found ${shown.length} result${shown.length === 1 ? '' : 's'} in ${ms.toFixed(1)} ms:`);
        for (const h of shown) cli.print(`${h.score.toFixed(2)} [${h.memory.type}] ${oneLine(h.memory.text)}  (id ${h.memory.id})`);
      });
    });

  program
    .command('list')
    .description('browse memories, oldest first')
    .addOption(typeOption())
    .option('--archived', 'show archived memories too')
    .option('--json', 'print JSON')
    .action(async (o: { type?: MemoryType; archived?: boolean; json?: boolean }) => {
      await withStores(cli, async (stores) => {
        const items = stores.list({ type: o.type, includeArchived: o.archived ?? false });
        if (o.json) {
          cli.print(JSON.stringify(items.map(memoryJson), null, 2));
          return;
        }
        if (items.length === 0) {
          cli.print(`no ${o.type ?? ''}${o.type ? ' ' : ''}memories yet. Add one with: claude-mem remember "…"`);
          return;
        }
        for (const m of items) {
          const archived = m.status === 'archived' ? ' (archived)' : '';
          cli.print(`[${m.id}] [${m.type}]${archived} ${oneLine(m.text, 120)}`);
          cli.print(`     from ${m.sessionId ? `session ${m.sessionId}` : 'remember'} · ${m.agent} · ${when(m.createdAt)}${m.supplement ? ' · +supplement' : ''}`);
        }
      });
    });

  program
    .command('remember')
    .description('add a memory by hand ("-" reads the text from stdin)')
    .argument('<text...>', 'the memory, kept whole')
    .addOption(typeOption())
    .option('--agent <name>', 'tag it with this agent', 'user')
    .action(async (words: string[], o: { type?: MemoryType; agent: string }) => {
      const raw = words.length === 1 && words[0] === '-' ? await readStdinText() : words.join(' ');
      const text = checkMemoryText(raw);
      await withStores(cli, async (stores, loaded) => {
        const type = o.type ?? classify(text);
        const result = await stores.write({
          type,
          text,
          dir: type === 'global' ? '' : loaded.paths.projectRoot,
          agent: o.agent,
          sessionId: null,
          source: 'remember',
          // Typed on purpose: no length or low-value filter, as with the marker.
          explicit: true,
        });
        switch (result.action) {
          case 'inserted':
            cli.print(`remembered [${result.id}] [${type}]`);
            break;
          case 'updated':
            cli.print(`updated [${result.id}]: it said nearly the same (similarity ${result.similarity?.toFixed(2)})`);
            break;
          case 'merged':
            cli.print(`added to [${result.id}] as a supplement (similarity ${result.similarity?.toFixed(2)})`);
            break;
          case 'duplicate':
            cli.print(`already remembered as [${result.id}]`);
            break;
          case 'filtered':
            throw new FatalError(
              result.reason === 'overlap'
                ? `not stored: it mostly repeats [${result.id}]. Edit that one with forget + remember if it changed.`
                : result.reason === 'short'
                  ? 'not stored: a memory needs at least 30 characters, so it can stand on its own later. Say a little more.'
                  : `not stored: it looks like ${result.reason === 'trivia' ? 'small talk' : 'noise (an exit code, a usage line or a counter)'}.`,
            );
        }
      });
    });

  program
    .command('forget')
    .description('delete a memory for good (its text, index and vector)')
    .argument('<id>', 'an id from "claude-mem list"')
    .action(async (id: string) => {
      await withStores(cli, async (stores) => {
        const where = stores.locate(id);
        const m = where ? where.store.get(where.rowid) : undefined;
        if (!where || !m) throw new FatalError(`no memory with id ${id}. "claude-mem list" shows the ids (global ones start with g).`);
        where.store.forget(where.rowid);
        cli.print(`forgot [${id}] ${oneLine(m.text, 80)}`);
      });
    });
}
