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
      const loaded = loadFor(cli);
      const bar = progressBar(`pull ${name ?? loaded.config.store.vector_model}`);
      const size = (n: number, total: number): string => (total >= 1048576 ? `${(n / 1048576).toFixed(1)}` : `${(n / 1024).toFixed(0)}`);
      const unit = (total: number): string => (total >= 1048576 ? 'MB' : 'kB');
      try {
        const r = await pullSentenceModel(loaded, name, (file, done, total) => bar.update(done, total, `${size(done, total)}/${size(total, total)} ${unit(total)} ${file}`));
        bar.end();
        const t = r.thresholds;
        const calibrated = t
          ? ` Checked against the hub; calibrated: update ${t.update}, merge ${t.merge}, retrieval ${t.retrieval}.`
          : ' Checked against the hub; its calibration was inconclusive (some test sentences gave no vector), so the built-in thresholds apply.';
        cli.print(r.pulled ? `${r.id} is ready in ${r.dir}.${calibrated} Run "claude-mem reindex" to re-embed existing memories.` : `${r.id} is already in ${r.dir}`);
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
