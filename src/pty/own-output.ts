/**
 * claude-mem never remembers itself. A claude-mem command run inside a
 * recorded session (`claude-mem list` in a wrapped shell) prints onto the
 * very screen that is being recorded, and its lines (memories, the block,
 * status lines) would come back as memories. The wrapper names a file per
 * session in the child's environment; every claude-mem process started
 * under it appends what it prints there, and the distiller drops screen
 * lines that are exactly those.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownKey } from '../segmenter/own-key.js';

import { OWN_OUTPUT_ENV } from '../env-names.js';

export { OWN_OUTPUT_ENV };

export const ownOutputPath = (sessionsDir: string, sessionId: string): string => join(sessionsDir, `${sessionId}.own`);

/** The keys of what claude-mem printed during a session; empty when nothing was. */
export function readOwnOutput(sessionsDir: string, sessionId: string): Set<string> {
  try {
    return new Set(readFileSync(ownOutputPath(sessionsDir, sessionId), 'utf8').split('\n').map(ownKey).filter((k) => k.length >= 3));
  } catch {
    return new Set();
  }
}

/**
 * In a process started under a recording wrapper: keeps everything written
 * to stdout and stderr, and appends it to the session's file at exit.
 */
export function noteOwnOutput(env: NodeJS.ProcessEnv): void {
  const path = env[OWN_OUTPUT_ENV];
  if (!path) return;
  const kept: string[] = [];
  let size = 0;
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]): boolean => {
      // A megabyte is plenty to recognise what was shown; a huge export is not kept whole.
      if (size < 1024 * 1024 && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
        const text = String(chunk);
        kept.push(text);
        size += text.length;
      }
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
  process.once('exit', () => {
    if (kept.length === 0) return;
    try {
      appendFileSync(path, kept.join('').replace(/\r/g, '').replace(/([^\n])$/, '$1\n'), { mode: 0o600 });
    } catch {
      // The session's folder is gone or full: its lines may come back, nothing worse.
    }
  });
}
