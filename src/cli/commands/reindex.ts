import type { Command } from 'commander';
import { withCliMemory, type CliEnv } from '../env.js';
import { progressBar } from '../progress.js';
import { buildVectorIndexes } from '../../background/jobs.js';

export function registerReindex(program: Command, cli: CliEnv): void {
  program
    .command('reindex')
    .description('re-embed every memory with the current embedder (after a model change)')
    .action(async () => {
      await withCliMemory(
        cli,
        async (m) => {
          if (m.notice) cli.messages.info(m.notice);
          let bar: ReturnType<typeof progressBar> | undefined;
          let scope = '';
          const done = await m.reindex((s, d, t) => {
            if (s !== scope) {
              bar?.end();
              scope = s;
              bar = progressBar(`reindex ${s}`);
            }
            bar?.update(d, t);
          });
          bar?.end();
          for (const r of done) cli.messages.info(`${r.scope} store: ${r.count} memories embedded with ${m.stores.embedder.id}`);
          // The approximate indexes hold the old vectors: build them again now, in the foreground like the rest.
          for (const r of buildVectorIndexes(m)) if ('built' in r) cli.messages.info(`${r.scope} store: indexed ${r.built.count} vectors in ${(r.built.ms / 1000).toFixed(1)} s`);
        },
        { recover: false },
      );
    });
}
