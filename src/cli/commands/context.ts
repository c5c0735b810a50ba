import { Option, type Command } from 'commander';
import { loadFor, withCliMemory, type CliEnv } from '../env.js';

export function registerContext(program: Command, cli: CliEnv): void {
  program
    .command('context')
    .description('print exactly what would be injected at launch, with its token count')
    .option('--dir <dir>', 'directory to build the context for (default: the current one)')
    .option('--for <cli>', 'show how this CLI would receive it (claude, codex, aider, gemini, …)')
    .option('--json', 'print JSON')
    .addOption(new Option('--warm', 'only leave the block ready for the next launch here (run in the background after a change)').hideHelp())
    .action(async (o: { dir?: string; for?: string; json?: boolean; warm?: boolean }) => {
      if (o.warm) {
        const { runWarm } = await import('../../background/warm.js');
        await runWarm(loadFor(cli, o.dir, false).paths.projectDataDir, () => withCliMemory(cli, (m) => m.warmNextLaunch(), { dir: o.dir, create: false, recover: false }));
        return;
      }
      const { block, budget, how } = await withCliMemory(
        cli,
        async (m) => {
          const block = await m.context();
          const { handOverArgs } = await import('../../session/launch.js');
          return { block, budget: m.config.inject.token_budget, how: o.for ? await handOverArgs(o.for, m.loaded, block.text || ' ') : undefined };
        },
        { dir: o.dir, create: false },
      );
      // Said whatever there is to show: an unknown name is most often a typo.
      if (o.for && how && !how.known) cli.messages.warn(`no adapter knows "${o.for}": it would get the block only through CLAUDE_MEM_CONTEXT and CLAUDE_MEM_CONTEXT_FILE. Built in: claude, codex, aider, gemini; add your own under inject.adapters.`);
      if (o.json) {
        cli.print(JSON.stringify({ tokens: block.tokens, budget, dropped: block.dropped, text: block.text }, null, 2));
        return;
      }
      if (!block.text) {
        // Memories there are, and none fits: say so, not that there are none.
        cli.print(block.dropped ? `none of the ${block.dropped} memories for here fits inject.token_budget ${budget}; raise it (e.g. --set inject.token_budget=800).` : 'no memories to inject here yet.');
        return;
      }
      cli.print(block.text);
      cli.print('');
      cli.print(`${block.tokens} tokens (budget ${budget}), ${block.selected.length} memories${block.dropped ? `, ${block.dropped} dropped for the budget` : ''}`);
      if (o.for && how) {
        const shown = how.args.map((a) => {
          const flat = a.replace(/\s+/g, ' ');
          return flat.length > 40 ? `${flat.slice(0, 37)}…` : flat;
        });
        cli.print(`${o.for} gets: ${shown.length ? shown.join(' ') : '(no extra arguments)'} + env CLAUDE_MEM_CONTEXT, CLAUDE_MEM_CONTEXT_FILE`);
      }
    });
}
