#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { createRequire } from 'node:module';
import { FatalError, exitCodes } from '../errors.js';
import { createMessages } from './messages.js';
import { runCommand } from './run.js';
import { runInit } from './init.js';
import { registerMemoryCommands } from './memory-commands.js';
import { registerSessionCommands, recoverPending } from './session-commands.js';
import { registerMaintenanceCommands } from './maintenance-commands.js';
import { registerContext } from './context.js';
import type { CliEnv } from './env.js';

const pkg = createRequire(import.meta.url)('../../package.json') as { version: string };

/** A reader that stopped reading must not keep the wrapper alive for long. */
const STDOUT_FLUSH_LIMIT_MS = 10_000;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function buildProgram(cli: CliEnv, setQuiet: (q: boolean) => void, onRunExit: (status: number) => void): Command {
  const program = new Command();
  program
    .name('claude-mem')
    .description('Long-term memory for any terminal AI CLI: record, distill locally, inject at the next launch.')
    .version(pkg.version)
    .option('-q, --quiet', "silence claude-mem's own status lines (errors still show)")
    .option('--set <key=value>', 'override a config key for this run (repeatable)', collect, [])
    .enablePositionalOptions()
    .showHelpAfterError('(run "claude-mem --help" for usage)');

  program.hook('preAction', (_this, action) => {
    const opts = program.opts<{ quiet?: boolean }>();
    const own = action.opts<{ quiet?: boolean }>();
    setQuiet(Boolean(opts.quiet || own.quiet));
    // Everything we create is private. Not for `run`: the wrapped CLI
    // inherits our umask, and it must not notice it is wrapped.
    if (action.name() !== 'run') process.umask(0o077);
  });

  program
    .command('run')
    .description('run a CLI under a transparent PTY, recording the session and handing it memory')
    .argument('<command>', 'the CLI to run, e.g. claude, codex, aider, bash')
    .argument('[args...]', 'its arguments (put -- before them if they start with -)')
    .option('--no-inject', 'do not hand a memory block to the CLI')
    .option('--no-record', 'do not record this session')
    .option('-q, --quiet', "silence claude-mem's own status lines")
    .passThroughOptions()
    .allowUnknownOption()
    .action(async (command: string, args: string[], o: { inject: boolean; record: boolean }) => {
      const status = await runCommand({
        command,
        args,
        cwd: cli.cwd,
        env: cli.env,
        messages: cli.messages,
        inject: o.inject,
        record: o.record,
        sets: cli.sets(),
      });
      onRunExit(status);
    });

  program
    .command('init')
    .description('write claude-mem.yaml with every key and add .claude-mem/ to .gitignore')
    .option('--force', 'overwrite an existing claude-mem.yaml')
    .action((o: { force?: boolean }) => runInit({ dir: cli.cwd, force: Boolean(o.force), messages: cli.messages }));

  registerMemoryCommands(program, cli);
  registerContext(program, cli);
  registerSessionCommands(program, cli);
  registerMaintenanceCommands(program, cli);
  return program;
}

async function main(): Promise<void> {
  let quiet = false;
  const messages = createMessages({
    get quiet() {
      return quiet;
    },
  } as { quiet: boolean });
  let program: Command | undefined;
  const cli: CliEnv = {
    cwd: process.cwd(),
    env: process.env,
    messages,
    print: (line) => void process.stdout.write(`${line}\n`),
    sets: () => program?.opts<{ set: string[] }>().set ?? [],
    recover: async (loaded) => {
      await recoverPending(loaded, process.env, process.cwd(), messages);
    },
  };
  let runStatus: number | undefined;
  program = buildProgram(
    cli,
    (q) => {
      quiet = q;
    },
    (s) => {
      runStatus = s;
    },
  );
  program.exitOverride();
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 1 && err.code !== 'commander.executeSubCommandAsync' ? exitCodes.usage : err.exitCode;
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') process.exitCode = 0;
      return;
    }
    if (err instanceof FatalError) {
      messages.error(err.message);
      process.exitCode = err.exitCode;
      return;
    }
    throw err;
  }
  if (runStatus !== undefined) {
    // stdin and the echo helper may still hold the loop: exit with the
    // child's status, but only once every byte of its output has left. A
    // pipe that is not full reports no 'drain', so watch the queue itself.
    const status = runStatus;
    const started = Date.now();
    const exitWhenFlushed = (): void => {
      if (process.stdout.writableLength === 0 || Date.now() - started > STDOUT_FLUSH_LIMIT_MS) process.exit(status);
      else setTimeout(exitWhenFlushed, 5);
    };
    exitWhenFlushed();
  }
}

// `claude-mem list | head`: a closed pipe is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

process.on('uncaughtException', (err) => {
  // A bug: show the stack. The 'exit' handlers restore the terminal.
  process.stderr.write(`claude-mem: internal error (please report): ${err.stack ?? String(err)}\n`);
  process.exit(exitCodes.failure);
});

void main().catch((err: unknown) => {
  process.stderr.write(`claude-mem: internal error (please report): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(exitCodes.failure);
});
