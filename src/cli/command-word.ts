/**
 * `--set key=value` given after the command (`claude-mem config --set k=v`,
 * `query x --set …`) moved before it, where commander reads global options.
 * Not for `run`: what follows its program is that program's; a `--` ends it.
 */
export function hoistSets(argv: string[]): string[] {
  const cmd = commandWord(argv);
  const at = cmd === undefined ? -1 : argv.indexOf(cmd);
  if (at < 0 || cmd === 'run') return argv;
  const head = argv.slice(0, at);
  const rest: string[] = [];
  const sets: string[] = [];
  for (let i = at; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (a === '--set' && i + 1 < argv.length) sets.push(a, argv[++i] as string);
    else if (a.startsWith('--set=')) sets.push(a);
    else rest.push(a);
  }
  return [...head, ...sets, ...rest];
}

/** The command a claude-mem argv names: the first word that is not a global option (-q, --quiet, --set k=v). */
export function commandWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--set') {
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    return a;
  }
  return undefined;
}
