import { Option, type Command } from 'commander';
import { resolve } from 'node:path';
import { loadConfig } from '../config/index.js';
import { contextFor } from './run-inject.js';
import type { CliEnv } from './env.js';
import { noticeOnce } from './notice-once.js';

export function registerContext(program: Command, cli: CliEnv): void {
  program
    .command('context')
    .description('print exactly what would be injected at launch, with its token count')
    .option('--dir <dir>', 'directory to build the context for (default: the current one)')
    .addOption(new Option('--for <cli>', 'show how this CLI would receive it (claude, codex, aider, gemini, …)'))
    .option('--json', 'print JSON')
    .action(async (o: { dir?: string; for?: string; json?: boolean }) => {
      const cwd = resolve(cli.cwd, o.dir ?? '.');
      const loaded = loadConfig({ cwd, env: cli.env, sets: cli.sets() });
      await cli.recover(loaded);
      const { openStores } = await import('../store/index.js');
      const { chooseAdapter, planAdapter } = await import('../inject/index.js');
      const stores = openStores(loaded, loaded.paths);
      try {
        noticeOnce(loaded.paths.userDataDir, 'lexical', stores.notice, cli.messages);
        const block = await contextFor(stores, loaded.config, loaded.paths, cwd, []);
        if (o.json) {
          cli.print(JSON.stringify({ tokens: block.tokens, budget: loaded.config.inject.token_budget, dropped: block.dropped, text: block.text }, null, 2));
          return;
        }
        if (!block.text) {
          cli.print('no memories to inject here yet.');
          return;
        }
        cli.print(block.text);
        const how = o.for ? planAdapter(chooseAdapter(o.for, loaded.config.inject.adapters, []), block.text, '<temp file>') : undefined;
        cli.print('');
        cli.print(`${block.tokens} tokens (budget ${loaded.config.inject.token_budget}), ${block.selected.length} memories${block.dropped ? `, ${block.dropped} dropped for the budget` : ''}`);
        if (how && o.for) {
          const shown = how.args.map((a) => {
            const flat = a.replace(/\s+/g, ' ');
            return flat.length > 40 ? `${flat.slice(0, 37)}…` : flat;
          });
          cli.print(`${o.for} gets: ${shown.length ? shown.join(' ') : '(no extra arguments)'} + env CLAUDE_MEM_CONTEXT, CLAUDE_MEM_CONTEXT_FILE`);
        }
      } finally {
        stores.close();
      }
    });
}
