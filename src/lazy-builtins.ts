/**
 * Node builtins loaded on first use, not at import: each costs a launch
 * that never needs it a few milliseconds of module load. node:crypto
 * (~5–10 ms, with Web Crypto) is needed only by a process that writes or
 * checks an unknown owner stamp; node:child_process (~2–4 ms, with dgram
 * and the socket list) only by one that spawns.
 */
import { createRequire } from 'node:module';

/** A getter for builtin `id`, required the first time it is called. */
export function lazyBuiltin<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= createRequire(import.meta.url)(id) as T);
}

export const childProcess = lazyBuiltin<typeof import('node:child_process')>('node:child_process');
