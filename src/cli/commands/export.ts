import type { Command } from 'commander';
import { basename, join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import type { MemoryType } from '../../text/index.js';
import { writePrivateFile } from '../../fs-private.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { typeOption } from './query.js';

export function registerExport(program: Command, cli: CliEnv): void {
  program
    .command('export')
    .description('write the memories seen from here as Markdown notes (front matter, [[links]] within a session, an index per project)')
    .requiredOption('--markdown <dir>', 'the folder to write into (an Obsidian vault works)')
    .addOption(typeOption())
    .option('--archived', 'archived memories too')
    .action(async (o: { markdown: string; type?: MemoryType; archived?: boolean }) => {
      if (!o.markdown.trim()) throw new UsageError('--markdown needs a folder');
      const dir = resolve(cli.cwd, o.markdown);
      const { markdownExport, mergeManifest } = await import('../../export/markdown.js');
      const { MANIFEST } = await import('../../export/markdown-import.js');
      const { files, manifest, root, project } = await withCliMemory(
        cli,
        (m) => {
          const project = basename(m.loaded.paths.projectRoot) || 'project';
          return { ...markdownExport(m.list({ type: o.type, includeArchived: o.archived ?? false }), project), root: m.loaded.paths.projectRoot, project };
        },
        { create: false },
      );
      // Each note is written whole (a temporary file renamed over it): never half a note.
      for (const [path, content] of files) writePrivateFile(join(dir, path), content);
      // One vault can hold several projects: another project's entries stay in the manifest.
      let old = {};
      try {
        old = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as typeof manifest;
      } catch {
        // No vault here yet, or a broken manifest: this export's is the whole of it.
      }
      writePrivateFile(join(dir, MANIFEST), `${JSON.stringify(mergeManifest(old, manifest, [project, 'global']), null, 2)}\n`);
      const notes = [...files.keys()].filter((p) => !p.endsWith('/index.md')).length;
      cli.print(`wrote ${notes} memor${notes === 1 ? 'y' : 'ies'} of ${root} as notes in ${dir}`);
    });
}
