import type { ChildProcess } from 'node:child_process';

/**
 * The wrapper's long-lived helper shells (the echo probe, the terminal's
 * keeper) answer one line per question on stdout. Split here, not by
 * readline, which the launch path would load for this alone.
 */
export function eachLine(child: ChildProcess, each: (line: string) => void): void {
  const out = child.stdout;
  if (!out) return;
  let partial = '';
  out.setEncoding('utf8');
  out.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) each(line);
  });
}

/** A helper must never keep the wrapper alive: the process and its pipes are unref'd. */
export function unrefHelper(child: ChildProcess): void {
  child.unref();
  // Pipes are net.Sockets at run time; the typings say Writable/Readable.
  for (const pipe of [child.stdin, child.stdout]) (pipe as { unref?: () => void } | null)?.unref?.();
}
