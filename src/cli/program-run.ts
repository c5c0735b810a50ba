import { CommanderError, type Command } from 'commander';
import { exitCodes } from '../errors.js';
import { brief } from './show.js';
import { closest } from '../text/edit-distance.js';
import { commandWord, hoistSets } from './command-word.js';
import { singleCommand } from './single-command.js';
import type { CliEnv } from './env.js';

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

export interface ProgramHooks {
  setQuiet: (q: boolean) => void;
  /** The program, once built: `--set` is read from it. */
  built: (program: Command) => void;
}

/**
 * Every command line but the plain launch: commander reads it and runs the
 * command. Returns the wrapped CLI's status when the command was `run`.
 * Usage errors become exit codes here; a FatalError goes to the caller.
 */
export async function runProgram(cli: CliEnv, given: string[], hooks: ProgramHooks): Promise<number | undefined> {
  const argv = hoistSets(given);
  let runStatus: number | undefined;
  const onRunExit = (s: number): void => {
    runStatus = s;
  };
  let program: Command;
  // A query is on the user's way to an answer: a process that runs one
  // command loads that command alone.
  const single = singleCommand(commandWord(argv));
  if (single) {
    const [{ baseProgram, VERSION }, register, { addExamples }] = await Promise.all([import('./program-base.js'), single(), import('./examples.js')]);
    program = baseProgram(cli, hooks.setQuiet);
    register(program, cli, { onRunExit, version: VERSION });
    addExamples(program);
  } else {
    const { buildProgram } = await import('./program.js');
    program = await buildProgram(cli, hooks.setQuiet, onRunExit);
  }
  hooks.built(program);
  const unknown = unknownCommandHint(program, argv);
  if (unknown) {
    cli.messages.error(unknown);
    process.exitCode = exitCodes.usage;
    return undefined;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    process.exitCode = err.exitCode === 1 && err.code !== 'commander.executeSubCommandAsync' ? exitCodes.usage : err.exitCode;
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') process.exitCode = 0;
    return undefined;
  }
  return runStatus;
}
