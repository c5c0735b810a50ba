import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import type { LaunchFacts } from '../inject/index.js';

/** git must never slow a launch: short timeouts, and silence on any failure. */
const GIT_TIMEOUT_MS = 300;

function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, timeout: GIT_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

export function gatherLaunchFacts(cwd: string, projectRoot: string, lastSummary: string | undefined, prompt: string | undefined): LaunchFacts {
  return {
    dirName: basename(projectRoot),
    branch: git(cwd, ['rev-parse', '--abbrev-ref', 'HEAD']),
    commitSubjects: git(cwd, ['log', '-5', '--format=%s'])?.split('\n').filter(Boolean),
    lastSummary,
    prompt,
  };
}
