export interface LaunchFacts {
  dirName: string;
  branch?: string;
  commitSubjects?: string[];
  lastSummary?: string;
  /** A prompt given in argv, if any: the strongest hint of what comes next. */
  prompt?: string;
}

/** Pure: what is known at launch, as one query for ranking facts. */
export function buildLaunchQuery(f: LaunchFacts): string {
  const parts = [f.prompt, f.dirName, f.branch && !['HEAD', 'main', 'master'].includes(f.branch) ? f.branch.replace(/[/_-]+/g, ' ') : undefined, ...(f.commitSubjects ?? []), f.lastSummary];
  return parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join('\n')
    .slice(0, 4000);
}

/** Options that take a value, so their value is not mistaken for a prompt. */
const VALUE_FLAGS = new Set(['-m', '--model', '-c', '--config', '--read', '--resume', '-r', '--settings', '--append-system-prompt', '-C', '--cd', '--profile', '-p']);

/** The first free-standing argument that looks like a sentence: likely a prompt. */
export function promptFromArgs(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a.startsWith('-')) {
      if (VALUE_FLAGS.has(a) && a !== '-p') i++;
      continue;
    }
    if (/\s/.test(a.trim()) || /[\p{Script=Han}]/u.test(a)) return a;
  }
  return undefined;
}
