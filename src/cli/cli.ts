import { CommanderError, type Command } from 'commander';
import { FatalError, exitCodes } from '../errors.js';
import { createMessages } from './messages.js';
import { brief } from './show.js';
import { closest } from '../text/index.js';
import { commandWord } from './command-word.js';
import { singleCommand } from './single-command.js';
import type { CliEnv } from './env.js';

/** A reader that stopped reading must not keep the wrapper alive for long. */
const STDOUT_FLUSH_LIMIT_MS = 10_000;

/**
 * `claude-mem claude` is the usual slip for `claude-mem run claude`: a first
 * word that is no command of ours but a program on PATH gets that hint.
 */
function unknownCommandHint(program: Command, argv: string[]): string | undefined {
  const first = argv.find((a, i) => !a.startsWith('-') && argv[i - 1] !== '--set');
  if (!first || program.commands.some((c) => c.name() === first || c.aliases().includes(first)) || first === 'help') return undefined;
  const names = program.commands.map((c) => c.name());
  const word = brief(first);
  const near = closest(first, names, 2);
  if (near) return `unknown command '${word}'. Did you mean "claude-mem ${near}"? To run a program named ${word} with memory: claude-mem run ${word}.`;
  return `unknown command '${word}'. To run ${word} with memory: claude-mem run ${word}. "claude-mem --help" lists the commands.`;
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
    argv: process.argv.slice(2),
    setExitCode: (code) => {
      process.exitCode = code;
    },
    stderrIsTerminal: Boolean(process.stderr.isTTY),
  };
  let runStatus: number | undefined;
  const setQuiet = (q: boolean): void => {
    quiet = q;
  };
  const onRunExit = (s: number): void => {
    runStatus = s;
  };
  // A launch is on the user's way to their CLI, and a query on theirs to an
  // answer: a process that runs one command loads that command alone.
  const single = singleCommand(commandWord(process.argv.slice(2)));
  if (single) {
    const [{ baseProgram, VERSION }, register, { addExamples }] = await Promise.all([import('./program-base.js'), single(), import('./examples.js')]);
    program = baseProgram(cli, setQuiet);
    register(program, cli, { onRunExit, version: VERSION });
    addExamples(program);
  } else {
    const { buildProgram } = await import('./program.js');
    program = await buildProgram(cli, setQuiet, onRunExit);
  }
  const unknown = unknownCommandHint(program, process.argv.slice(2));
  if (unknown) {
    messages.error(unknown);
    process.exitCode = exitCodes.usage;
    return;
  }
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
