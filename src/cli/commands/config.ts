import type { Command } from 'commander';
import { listConfigKeys } from '../../config/index.js';
import { loadFor, type CliEnv } from '../env.js';

export function registerConfig(program: Command, cli: CliEnv): void {
  program
    .command('config')
    .description('every config key with its value here, default and environment variable')
    .option('--json', 'print JSON')
    .action((o: { json?: boolean }) => {
      const loaded = loadFor(cli);
      const rows = listConfigKeys().map((k) => {
        const [section, name] = k.key.split('.') as [string, string];
        const value = (loaded.config as unknown as Record<string, Record<string, unknown>>)[section]?.[name];
        return { key: k.key, value, default: k.default, env: k.env, set: loaded.explicit.has(k.key) };
      });
      if (o.json) {
        cli.print(JSON.stringify({ files: loaded.files, keys: rows }, null, 2));
        return;
      }
      for (const r of rows) cli.print(`${r.key} = ${JSON.stringify(r.value)}  (${r.set ? `from ${loaded.sources.get(r.key) ?? 'a layer'}` : 'default'}; env ${r.env})`);
      cli.print(`files: ${loaded.files.length ? loaded.files.join(', ') : 'none'}`);
    });
}
