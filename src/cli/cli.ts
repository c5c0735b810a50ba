import { exitCodes } from '../errors.js';
import { reportFailure } from './failure.js';
import { createMessages } from './messages.js';
import { nativeMismatch } from './native-error.js';
import { parseLaunchArgs } from './launch-args.js';
import type { CliEnv } from './env.js';

/** A reader that stopped reading must not keep the wrapper alive for long. */
const STDOUT_FLUSH_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  let quiet = false;
  const messages = createMessages({
    get quiet() {
      return quiet;
    },
  } as { quiet: boolean });
  const argv = process.argv.slice(2);
  let sets: () => string[] = () => [];
  const cli: CliEnv = {
    cwd: process.cwd(),
    env: process.env,
    messages,
    print: (line) => void process.stdout.write(`${line}\n`),
    sets: () => sets(),
    argv,
    setExitCode: (code) => {
      process.exitCode = code;
    },
    stderrIsTerminal: Boolean(process.stderr.isTTY),
  };
  let runStatus: number | undefined;
  try {
    // The plain launch goes straight to the wrapper; everything else is commander's.
    const launch = parseLaunchArgs(argv);
    if (launch) {
      quiet = launch.quiet;
      sets = () => launch.sets;
      const { startRun } = await import('./start-run.js');
      runStatus = await startRun(cli, launch);
    } else {
      // What a command prints inside a recorded session is claude-mem's, never the session's
      // (run passes a CLI's own output through; mcp and hook talk to a program, not the screen).
      // OWN_OUTPUT_ENV (env-names.ts), spelled out: every command passes here, and an import is a file load.
      if (process.env['CLAUDE_MEM_OWN_OUTPUT'] && !['run', 'mcp', 'hook'].includes((await import('./command-word.js')).commandWord(argv) ?? '')) {
        (await import('../pty/own-output.js')).noteOwnOutput(process.env);
      }
      const { runProgram } = await import('./program-run.js');
      runStatus = await runProgram(cli, argv, {
        setQuiet: (q) => {
          quiet = q;
        },
        built: (program) => {
          sets = () => program.opts<{ set: string[] }>().set;
        },
      });
    }
  } catch (err) {
    const code = reportFailure(err, messages);
    if (code === undefined) throw err;
    process.exitCode = code;
    return;
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
  const native = nativeMismatch(err);
  if (native) {
    process.stderr.write(`claude-mem: error: ${native}\n`);
    process.exit(exitCodes.failure);
  }
  // A bug: show the stack. The 'exit' handlers restore the terminal.
  process.stderr.write(`claude-mem: internal error (please report): ${err.stack ?? String(err)}\n`);
  process.exit(exitCodes.failure);
});

void main().catch((err: unknown) => {
  const native = nativeMismatch(err);
  if (native) {
    process.stderr.write(`claude-mem: error: ${native}\n`);
    process.exit(exitCodes.failure);
  }
  process.stderr.write(`claude-mem: internal error (please report): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(exitCodes.failure);
});
