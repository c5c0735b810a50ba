import { Command } from 'commander';
import { createRequire } from 'node:module';
import type { CliEnv } from './env.js';
import { briefQuotes } from './show.js';
import { registerRun } from './commands/run.js';
import { registerInit } from './commands/init.js';
import { registerQuery } from './commands/query.js';
import { registerList } from './commands/list.js';
import { registerRemember } from './commands/remember.js';
import { registerForget } from './commands/forget.js';
import { registerStatus } from './commands/status.js';
import { registerContext } from './commands/context.js';
import { registerDistill } from './commands/distill.js';
import { registerPrune } from './commands/prune.js';
import { registerReindex } from './commands/reindex.js';
import { registerIndex } from './commands/vector-index.js';
import { registerReview } from './commands/review.js';
import { registerUi } from './commands/ui.js';
import { registerModel } from './commands/model.js';
import { registerConfig } from './commands/config.js';
import { registerDocs } from './commands/docs.js';
import { registerMcp } from './commands/mcp.js';
import { registerImport } from './commands/import.js';
import { registerExport } from './commands/export.js';
import { registerHook } from './commands/hook.js';
import { registerSetup } from './commands/setup.js';
import { addExamples } from './examples.js';

const pkg = createRequire(import.meta.url)('../../package.json') as { version: string };

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The commander program: every command, in the order `--help` and the README show them. */
export function buildProgram(cli: CliEnv, setQuiet: (q: boolean) => void, onRunExit: (status: number) => void): Command {
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

  registerRun(program, cli, onRunExit);
  registerQuery(program, cli);
  registerList(program, cli);
  registerRemember(program, cli);
  registerForget(program, cli);
  registerReview(program, cli);
  registerUi(program, cli);
  registerStatus(program, cli);
  registerContext(program, cli);
  registerDistill(program, cli);
  registerPrune(program, cli);
  registerInit(program, cli);
  registerModel(program, cli);
  registerReindex(program, cli);
  registerIndex(program, cli);
  registerConfig(program, cli);
  registerDocs(program, cli);
  registerMcp(program, cli, pkg.version);
  registerImport(program, cli);
  registerExport(program, cli);
  registerSetup(program, cli);
  registerHook(program, cli);
  addExamples(program);
  return program;
}
