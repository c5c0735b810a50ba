import type { Command } from 'commander';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderExampleYaml, spliceReadmeTable, renderDefaultsModule } from '../../config/render.js';
import { FatalError } from '../../errors.js';
import { spliceCommandTable } from '../command-table.js';
import type { CliEnv } from '../env.js';

/** What `npm run docs` writes: files generated from the schema and the command definitions. */
export function renderDocs(root: string, program: Command): Array<{ path: string; current: string; want: string }> {
  const read = (p: string): string => {
    try {
      return readFileSync(p, 'utf8');
    } catch {
      // Missing counts as stale.
      return '';
    }
  };
  const example = join(root, 'claude-mem.yaml.example');
  const readme = join(root, 'README.md');
  const defaults = join(root, 'src', 'config', 'defaults.ts');
  const readmeText = read(readme);
  return [
    { path: example, current: read(example), want: renderExampleYaml() },
    { path: readme, current: readmeText, want: spliceCommandTable(spliceReadmeTable(readmeText), program) },
    { path: defaults, current: read(defaults), want: renderDefaultsModule() },
  ];
}

export function registerDocs(program: Command, cli: CliEnv): void {
  program
    .command('docs')
    .description('regenerate claude-mem.yaml.example and the README config and command tables (for developers)')
    .option('--write', 'write the files (default: check that they are current)')
    .option('--root <dir>', 'project checkout', '.')
    .action((o: { write?: boolean; root: string }) => {
      const files = renderDocs(o.root, program);
      if (o.write) {
        for (const f of files) if (f.current !== f.want) writeFileSync(f.path, f.want);
        cli.print('wrote claude-mem.yaml.example, the README config and command tables and src/config/defaults.ts');
        return;
      }
      const stale = files.filter((f) => f.current !== f.want).map((f) => f.path);
      if (stale.length) throw new FatalError(`docs are stale (${stale.join(', ')}): run "npm run docs"`);
      cli.print('docs are current');
    });
}
