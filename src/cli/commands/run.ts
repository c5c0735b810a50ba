import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { brief } from '../show.js';
import type { CliEnv } from '../env.js';

export function registerRun(program: Command, cli: CliEnv, onExit: (status: number) => void): void {
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
      // Only what the launch needs: SQLite and the tokenizer load only when the cached block misses.
      const { runWrapped } = await import('../../memory/run-wrapped.js');
      onExit(
        await runWrapped({
          command,
          args,
          cwd: cli.cwd,
          env: cli.env,
          messages: cli.messages,
          inject: o.inject,
          record: o.record,
          sets: cli.sets(),
          // Never in a pipe or a log a script reads.
          statusLines: cli.stderrIsTerminal,
        }),
      );
    });
}
