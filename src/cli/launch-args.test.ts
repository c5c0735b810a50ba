import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseLaunchArgs, type LaunchArgs } from './launch-args.js';
import { baseProgram } from './program-base.js';
import { registerRun } from './commands/run.js';
import { createMessages } from './messages.js';
import type { CliEnv } from './env.js';

/** What commander makes of `argv`: the launch it would start, or undefined when it would not. */
async function viaCommander(argv: string[]): Promise<LaunchArgs | undefined> {
  let quiet = false;
  let started: LaunchArgs | undefined;
  const cli: CliEnv = {
    cwd: '/',
    env: {},
    messages: createMessages({ quiet: true }),
    print: () => undefined,
    sets: () => program.opts<{ set: string[] }>().set,
    argv,
    setExitCode: () => undefined,
    stderrIsTerminal: false,
  };
  const program = baseProgram(cli, (q) => {
    quiet = q;
  });
  program.configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined });
  registerRun(program, cli, () => undefined, async (c, o) => {
    started = { ...o, quiet, sets: c.sets() };
    return 0;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch {
    return undefined;
  }
  return started;
}

describe('parseLaunchArgs', () => {
  it('reads the plain launch forms', () => {
    expect(parseLaunchArgs(['run', 'claude', '--resume'])).toEqual({ command: 'claude', args: ['--resume'], inject: true, record: true, quiet: false, sets: [] });
    expect(parseLaunchArgs(['-q', '--set', 'inject.enabled=false', 'run', '--no-record', '--', 'bash', '-l'])).toEqual({
      command: 'bash',
      args: ['-l'],
      inject: true,
      record: false,
      quiet: true,
      sets: ['inject.enabled=false'],
    });
  });

  it('leaves help, unknown flags and a missing command to commander', () => {
    for (const argv of [['run'], ['run', '--help'], ['run', '-x', 'claude'], ['--help', 'run', 'x'], ['run', '--', '-x'], ['query', 'run'], ['--set']]) {
      expect(parseLaunchArgs(argv), argv.join(' ')).toBeUndefined();
    }
  });

  it('agrees with commander on every command line it reads', async () => {
    const token = fc.constantFrom('run', '-q', '--quiet', '--set', 'a=1', '--set=b=2', '--no-inject', '--no-record', '--', 'claude', '-x', '--resume', 'run', '--help', 'x y');
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 8 }), async (argv) => {
        const mine = parseLaunchArgs(argv);
        if (mine === undefined) return;
        expect(await viaCommander(argv)).toEqual(mine);
      }),
      { numRuns: 2000 },
    );
  });
});
