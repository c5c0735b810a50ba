/**
 * claude-mem's own status lines: stderr, one line each, a fixed prefix, so
 * they never mix with the wrapped CLI's stdout and `--quiet` can silence them.
 */
export const MESSAGE_PREFIX = 'claude-mem:';

export interface Messages {
  info(line: string): void;
  warn(line: string): void;
  /** Errors are shown even under --quiet: the user must know something failed. */
  error(line: string): void;
}

export function createMessages(opts: { readonly quiet: boolean; write?: (s: string) => void }): Messages {
  const write = opts.write ?? ((s: string) => void process.stderr.write(s));
  const oneLine = (s: string): string => s.replace(/\s*\n\s*/g, ' ').trim();
  return {
    info(line) {
      if (!opts.quiet) write(`${MESSAGE_PREFIX} ${oneLine(line)}\n`);
    },
    warn(line) {
      if (!opts.quiet) write(`${MESSAGE_PREFIX} warning: ${oneLine(line)}\n`);
    },
    error(line) {
      write(`${MESSAGE_PREFIX} error: ${oneLine(line)}\n`);
    },
  };
}
