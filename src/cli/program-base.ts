import { Command } from 'commander';
import { createRequire } from 'node:module';
import type { CliEnv } from './env.js';
import { briefQuotes } from './show.js';

const pkg = createRequire(import.meta.url)('../../package.json') as { version: string };
export const VERSION = pkg.version;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The program with its global options and hooks, no commands yet (program.ts adds them all; a launch adds only run). */
export function baseProgram(_cli: CliEnv, setQuiet: (q: boolean) => void): Command {
  const program = new Command();
  program
    .name('claude-mem')
    .description('Long-term memory for any terminal AI CLI: record, distill locally, inject at the next launch.')
    .version(pkg.version)
    .option('-q, --quiet', "silence claude-mem's own status lines (errors still show)")
    .option('--set <key=value>', 'override a config key for this run (repeatable)', collect, [])
    .enablePositionalOptions()
    // Before the commands are added: subcommands inherit these, so a usage
    // error anywhere is thrown to main (exit 2) with one prefix.
    .exitOverride()
    .configureOutput({ outputError: (str, write) => write(`claude-mem: ${briefQuotes(str)}`) })
    .showHelpAfterError('(run "claude-mem --help" for usage)');

  program.hook('preAction', (_this, action) => {
    const opts = program.opts<{ quiet?: boolean }>();
    const own = action.opts<{ quiet?: boolean }>();
    setQuiet(Boolean(opts.quiet || own.quiet));
    // Everything we create is private. Not for `run`: the wrapped CLI
    // inherits our umask, and it must not notice it is wrapped.
    if (action.name() !== 'run') process.umask(0o077);
  });
  return program;
}
