import type { Command } from 'commander';
import type { CliEnv } from './env.js';
import { baseProgram, VERSION } from './program-base.js';
import { registerAll } from './single-command.js';
import { addExamples } from './examples.js';

/** The commander program: every command (single-command.ts lists them), in the order `--help` and the README show them. */
export async function buildProgram(cli: CliEnv, setQuiet: (q: boolean) => void, onRunExit: (status: number) => void): Promise<Command> {
  const program = baseProgram(cli, setQuiet);
  await registerAll(program, cli, { onRunExit, version: VERSION });
  addExamples(program);
  return program;
}
