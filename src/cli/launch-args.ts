/**
 * The plain form of a launch, read without commander: `[-q] [--set k=v]…
 * run [--no-inject] [--no-record] [-q] [--] <command> [args…]`. A launch
 * is on the user's way to their CLI, and loading commander and building
 * the program is ~10 ms of it. Anything else (help, a flag we do not know,
 * a missing command) is left to commander, which explains it; the test
 * holds this reading equal to commander's on every argv it accepts.
 */
export interface LaunchArgs {
  command: string;
  args: string[];
  inject: boolean;
  record: boolean;
  quiet: boolean;
  sets: string[];
}

export function parseLaunchArgs(argv: readonly string[]): LaunchArgs | undefined {
  const sets: string[] = [];
  let quiet = false;
  let i = 0;
  for (; i < argv.length && argv[i] !== 'run'; i++) {
    const a = argv[i] as string;
    if (a === '-q' || a === '--quiet') quiet = true;
    else if (a === '--set' && i + 1 < argv.length) sets.push(argv[++i] as string);
    else if (a.startsWith('--set=')) sets.push(a.slice('--set='.length));
    else return undefined;
  }
  if (argv[i] !== 'run') return undefined;
  let inject = true;
  let record = true;
  for (i++; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--no-inject') inject = false;
    else if (a === '--no-record') record = false;
    else if (a === '-q' || a === '--quiet') quiet = true;
    else if (a === '--') {
      i++;
      break;
    } else if (a.startsWith('-')) return undefined;
    else break;
  }
  const command = argv[i];
  // `run -- -x` and `run` alone are usage errors: commander words them.
  if (command === undefined || command.startsWith('-')) return undefined;
  return { command, args: argv.slice(i + 1), inject, record, quiet, sets };
}
