import type { Command } from 'commander';
import { withCliMemory, type CliEnv } from '../env.js';
import { buildVectorIndexes } from '../../background/jobs.js';

export function registerIndex(program: Command, cli: CliEnv): void {
  program
    .command('index')
    .description('build the approximate vector index of each large store (runs by itself in the background; searches stay exact until it exists)')
    .option('--force', 'build it for every store with vectors, however small')
    .action(async (o: { force?: boolean }) => {
      const outcomes = await withCliMemory(cli, (m) => buildVectorIndexes(m, { force: o.force }), { recover: false, create: false });
      for (const r of outcomes) {
        if ('built' in r) cli.messages.info(`${r.scope} store: indexed ${r.built.count} vectors in ${(r.built.ms / 1000).toFixed(1)} s`);
        else cli.messages.info(`${r.scope} store: ${r.skipped}`);
      }
    });
}
