import { spawn, type IPty } from 'node-pty';
import { CLI } from './sandbox.js';

export interface Harness {
  pty: IPty;
  /** Everything the outer terminal received, as bytes. */
  bytes(): Buffer;
  text(): string;
  write(s: string): void;
  waitFor(what: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Waits until a condition on the output holds. */
  waitUntil(test: () => boolean, label: string, timeoutMs?: number): Promise<void>;
  /** Waits for text that appears after the first `offset` characters of output. */
  waitForAfter(offset: number, what: string, timeoutMs?: number): Promise<void>;
  exited: Promise<{ exitCode: number; signal?: number }>;
}

/** Starts a program in a real PTY, as a terminal would. */
export function startPty(file: string, args: string[], o: { cwd: string; env: NodeJS.ProcessEnv; cols?: number; rows?: number }): Harness {
  const pty = spawn(file, args, { cwd: o.cwd, env: o.env, cols: o.cols ?? 80, rows: o.rows ?? 24, name: 'xterm-256color', encoding: null });
  const chunks: Buffer[] = [];
  const waiters: Array<() => void> = [];
  pty.onData((d: string | Buffer) => {
    chunks.push(typeof d === 'string' ? Buffer.from(d) : d);
    for (const w of waiters.splice(0)) w();
  });
  const exited = new Promise<{ exitCode: number; signal?: number }>((r) => pty.onExit((e) => r(e)));
  const bytes = (): Buffer => Buffer.concat(chunks);
  const text = (): string => bytes().toString('utf8');
  const waitUntil = (matches: () => boolean, label: string, timeoutMs: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}; screen so far:\n${text()}`)), timeoutMs);
      const check = (): void => {
        if (matches()) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return {
    pty,
    bytes,
    text,
    write: (s) => pty.write(s),
    waitFor: (what, timeoutMs = 30_000) =>
      waitUntil(() => (typeof what === 'string' ? text().includes(what) : what.test(text())), String(what), timeoutMs),
    waitUntil: (test, label, timeoutMs = 30_000) => waitUntil(test, label, timeoutMs),
    waitForAfter: (offset, what, timeoutMs = 30_000) => waitUntil(() => text().slice(offset).includes(what), what, timeoutMs),
    exited,
  };
}

/** `claude-mem <args>` in a real PTY. */
export function startCli(args: string[], o: { cwd: string; env: NodeJS.ProcessEnv; cols?: number; rows?: number }): Harness {
  return startPty(process.execPath, [CLI, ...args], o);
}
