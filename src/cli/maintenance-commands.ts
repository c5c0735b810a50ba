import type { Command } from 'commander';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, listConfigKeys, renderExampleYaml, spliceReadmeTable, renderDefaultsModule } from '../config/index.js';
import { FatalError, errorMessage } from '../errors.js';
import { progressBar } from './progress.js';
import type { CliEnv } from './env.js';

export function registerMaintenanceCommands(program: Command, cli: CliEnv): void {
  program
    .command('reindex')
    .description('re-embed every memory with the current embedder (after a model change)')
    .action(async () => {
      const loaded = loadConfig({ cwd: cli.cwd, env: cli.env, sets: cli.sets() });
      const { openStores } = await import('../store/index.js');
      const stores = openStores(loaded, loaded.paths);
      try {
        if (stores.notice) cli.messages.info(stores.notice);
        for (const store of stores.all) {
          const bar = progressBar(`reindex ${store.scope}`);
          const n = await store.reindex((done, total) => bar.update(done, total));
          bar.end();
          cli.messages.info(`${store.scope} store: ${n} memories embedded with ${stores.embedder.id}`);
        }
      } finally {
        stores.close();
      }
    });

  const model = program.command('model').description('the local sentence model used for semantic vectors');
  model
    .command('pull')
    .description('download the model once (with progress); it is used offline after that')
    .argument('[name]', 'model id; default: store.vector_model')
    .action(async (name: string | undefined) => {
      const loaded = loadConfig({ cwd: cli.cwd, env: cli.env, sets: cli.sets() });
      const id = name ?? loaded.config.store.vector_model;
      const { localModelFile, pullModel } = await import('../store/index.js');
      if (id === 'lexical') throw new FatalError('store.vector_model is "lexical": there is no model to pull.');
      if (localModelFile(loaded.paths.modelsDir, id)) {
        cli.print(`${id} is already in ${loaded.paths.modelsDir}`);
        return;
      }
      const bar = progressBar(`pull ${id}`);
      try {
        await pullModel(loaded.paths.modelsDir, id, (file, done, total) => bar.update(done, total, file));
      } catch (err) {
        bar.end();
        throw new FatalError(
          `could not download ${id}: ${errorMessage(err).split('\n')[0]}. Check the network, or copy the model files into ${join(loaded.paths.modelsDir, id)}.`,
        );
      }
      bar.end();
      cli.print(`${id} is ready in ${loaded.paths.modelsDir}; run "claude-mem reindex" to re-embed existing memories.`);
    });
  model
    .command('status')
    .description('which embedder is in use, and why')
    .action(async () => {
      const loaded = loadConfig({ cwd: cli.cwd, env: cli.env, sets: cli.sets() });
      const { chooseEmbedder } = await import('../store/index.js');
      const choice = chooseEmbedder(loaded.paths.modelsDir, loaded.config.store.vector_model);
      cli.print(`${choice.embedder.id}${choice.notice ? ` — ${choice.notice}` : ''}`);
    });

  program
    .command('config')
    .description('show every config key with its value here, default and environment variable')
    .option('--json', 'print JSON')
    .action((o: { json?: boolean }) => {
      const loaded = loadConfig({ cwd: cli.cwd, env: cli.env, sets: cli.sets() });
      const rows = listConfigKeys().map((k) => {
        const [section, name] = k.key.split('.') as [string, string];
        const value = (loaded.config as unknown as Record<string, Record<string, unknown>>)[section]?.[name];
        return { key: k.key, value, default: k.default, env: k.env, set: loaded.explicit.has(k.key) };
      });
      if (o.json) {
        cli.print(JSON.stringify({ files: loaded.files, keys: rows }, null, 2));
        return;
      }
      for (const r of rows) cli.print(`${r.key} = ${JSON.stringify(r.value)}${r.set ? '' : ' (default)'}`);
      cli.print(`files: ${loaded.files.length ? loaded.files.join(', ') : 'none'}`);
    });

  program
    .command('docs')
    .description('regenerate claude-mem.yaml.example and the README config table from the schema (for developers)')
    .option('--write', 'write the files (default: check that they are current)')
    .option('--root <dir>', 'project checkout', '.')
    .action((o: { write?: boolean; root: string }) => {
      const example = join(o.root, 'claude-mem.yaml.example');
      const readme = join(o.root, 'README.md');
      const wantExample = renderExampleYaml();
      const readmeText = readFileSync(readme, 'utf8');
      const wantReadme = spliceReadmeTable(readmeText);
      const defaults = join(o.root, 'src', 'config', 'defaults.ts');
      const wantDefaults = renderDefaultsModule();
      if (o.write) {
        writeFileSync(example, wantExample);
        writeFileSync(readme, wantReadme);
        writeFileSync(defaults, wantDefaults);
        cli.print('wrote claude-mem.yaml.example, the README config table and src/config/defaults.ts');
        return;
      }
      let current = '';
      try {
        current = readFileSync(example, 'utf8');
      } catch {
        // Missing counts as stale.
      }
      if (current !== wantExample || readmeText !== wantReadme) throw new FatalError('docs are stale: run "npm run docs"');
      cli.print('docs are current');
    });
}
