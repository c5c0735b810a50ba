import type { DirectoryMemory } from '../memory/directory-memory.js';
import { withMemory, type OpenOptions } from '../memory/open.js';
import { warmInBackground } from './jobs.js';
import { recoverSessions } from './recover.js';

/**
 * A memory opened for one command: logs a crash left behind are recovered
 * first (unless `recover` is false), and after a change the next launch's
 * block is warmed in a background process. Always closed.
 */
export function withUpkeep<T>(o: Omit<OpenOptions, 'recover'> & { recover?: boolean }, fn: (memory: DirectoryMemory) => Promise<T> | T): Promise<T> {
  const { recover, ...open } = o;
  return withMemory({ ...open, recover: recover === false ? undefined : recoverSessions }, async (m) => {
    const result = await fn(m);
    warmInBackground(m);
    return result;
  });
}
