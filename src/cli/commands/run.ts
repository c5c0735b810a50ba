import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { brief } from '../show.js';
import type { CliEnv } from '../env.js';
import { startRun } from '../start-run.js';

/** `launch` is what runs the CLI; the test that holds the plain launch reader equal to commander's passes a recorder. */
export function registerRun(program: Command, cli: CliEnv, onExit: (status: number) => void, launch: typeof startRun = startRun): void {
  program
    .command('run')
    .description('run a CLI under a transparent PTY, recording the session and handing it memory. Put -- before CLI flags claude-mem might take: claude-mem run -- claude --resume')
    .argument('<command>', 'the CLI to run, e.g. claude, codex, aider, bash')
    .argument('[args...]', 'its arguments (put -- before them if they start with -)')
    .option('--no-inject', 'do not hand a memory block to the CLI')
    .option('--no-record', 'do not record this session')
    .option('-q, --quiet', "silence claude-mem's own status lines")
    .passThroughOptions()
    .allowUnknownOption()
    .action(async (command: string, args: string[], o: { inject: boolean; record: boolean }) => {
      if (command.startsWith('-')) {
        throw new UsageError(
          `unknown option ${brief(command)} for run. claude-mem's own options are --no-inject, --no-record and -q; the CLI's flags go after its name: claude-mem run <cli> ${brief(command)}`,
        );
      }
      onExit(await launch(cli, { command, args, inject: o.inject, record: o.record }));
    });
}
