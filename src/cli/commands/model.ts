import type { Command } from 'commander';
import { loadFor, type CliEnv } from '../env.js';
import { progressBar } from '../progress.js';

export function registerModel(program: Command, cli: CliEnv): void {
  const model = program.command('model').description('the local sentence model used for semantic vectors');
  model
    .command('pull')
    .description('download the model once (with progress); it is used offline after that')
    .argument('[name]', 'model id; default: store.vector_model')
    .action(async (name: string | undefined) => {
      const { pullSentenceModel } = await import('../../memory/index.js');
      const bar = progressBar(`pull ${name ?? 'model'}`);
      try {
        const r = await pullSentenceModel(loadFor(cli), name, (file, done, total) => bar.update(done, total, file));
        bar.end();
        cli.print(r.pulled ? `${r.id} is ready in ${r.dir}; run "claude-mem reindex" to re-embed existing memories.` : `${r.id} is already in ${r.dir}`);
      } finally {
        bar.end();
      }
    });
  model
    .command('status')
    .description('which embedder is in use, and why')
    .action(async () => {
      const { embedderStatus } = await import('../../memory/index.js');
      const s = await embedderStatus(loadFor(cli));
      cli.print(`${s.id}${s.notice ? ` — ${s.notice}` : ''}`);
    });
}
