/**
 * Where the core's one-line notices go (the fallback embedder, background
 * processing, a recording that stopped). The CLI prints them on stderr with
 * its prefix; other clients route them as they see fit.
 */
export interface Notices {
  info(line: string): void;
  warn(line: string): void;
  /** Shown even when the client is quiet: something the user must know failed. */
  error(line: string): void;
}

export const SILENT: Notices = { info: () => undefined, warn: () => undefined, error: () => undefined };
