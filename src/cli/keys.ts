/**
 * One key at a time from the terminal, for interactive commands (review).
 * The terminal stays raw for the whole walk, so a key typed before its
 * prompt is read, not turned into a signal; `cooked` lends the terminal
 * back (to an editor) in between.
 */
export async function withRawKeys<T>(fn: () => Promise<T>, input: NodeJS.ReadStream = process.stdin): Promise<T> {
  const tty = input.isTTY === true;
  if (tty) input.setRawMode(true);
  try {
    return await fn();
  } finally {
    if (tty) input.setRawMode(false);
    input.pause();
  }
}

/** Runs fn with the terminal in its normal mode (an editor needs it), raw again after. */
export function cooked<T>(fn: () => T, input: NodeJS.ReadStream = process.stdin): T {
  const tty = input.isTTY === true;
  if (tty) input.setRawMode(false);
  try {
    return fn();
  } finally {
    if (tty) input.setRawMode(true);
  }
}

/** Keys that arrived together (typed fast, or pasted) wait here for the next read. */
const queued: string[] = [];

export function readKey(input: NodeJS.ReadStream = process.stdin): Promise<string> {
  const next = queued.shift();
  if (next !== undefined) return Promise.resolve(next);
  return new Promise((resolve) => {
    const done = (key: string): void => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.pause();
      resolve(key);
    };
    const onData = (d: Buffer): void => {
      // Escape sequences (arrows, function keys) are one key each, and none of ours.
      const keys = d.toString('utf8').match(/\u001b\[[0-9;]*[A-Za-z~]|\u001b.|[\s\S]/gu) ?? [];
      // Ctrl-C and Ctrl-D quit, as q does.
      const named = keys.map((k) => (k === '\u0003' || k === '\u0004' ? 'q' : k.length === 1 ? k.toLowerCase() : k));
      const first = named.shift();
      if (first === undefined) return;
      queued.push(...named);
      done(first);
    };
    const onEnd = (): void => done('q');
    input.on('data', onData);
    input.on('end', onEnd);
    input.resume();
  });
}
