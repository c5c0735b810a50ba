/**
 * node:child_process, loaded on first use. Loading it (with the dgram and
 * socket modules it pulls in) cost a `run true` ~2–4 ms, and most launches
 * spawn nothing: the echo helper waits for the CLI's first output, the
 * terminal guard for a terminal, the distiller for a recorded session.
 */
import { createRequire } from 'node:module';

type ChildProcessModule = typeof import('node:child_process');
let loaded: ChildProcessModule | undefined;

export function childProcess(): ChildProcessModule {
  loaded ??= createRequire(import.meta.url)('node:child_process') as ChildProcessModule;
  return loaded;
}
