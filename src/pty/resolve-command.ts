import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

export type Resolved = { ok: true; path: string } | { ok: false; reason: 'not-found' | 'not-executable' };

function isExecutableFile(p: string): boolean | 'not-executable' | 'missing' {
  try {
    if (!statSync(p).isFile()) return 'missing';
  } catch {
    return 'missing';
  }
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return 'not-executable';
  }
}

/**
 * Finds a command the way a shell does, before spawning, so a typo gets a
 * clear message and exit 127 instead of a forked child that dies oddly.
 */
export function resolveCommand(cmd: string, env: NodeJS.ProcessEnv, cwd: string): Resolved {
  if (cmd.includes('/')) {
    const p = isAbsolute(cmd) ? cmd : resolve(cwd, cmd);
    const r = isExecutableFile(p);
    if (r === true) return { ok: true, path: p };
    return { ok: false, reason: r === 'not-executable' ? 'not-executable' : 'not-found' };
  }
  let sawNonExec = false;
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, cmd);
    const r = isExecutableFile(p);
    if (r === true) return { ok: true, path: p };
    if (r === 'not-executable') sawNonExec = true;
  }
  return { ok: false, reason: sawNonExec ? 'not-executable' : 'not-found' };
}
