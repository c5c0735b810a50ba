import type { ChildProcess } from 'node:child_process';
import { childProcess } from '../lazy-builtins.js';
import { echoHelperArgs } from './echo-helper.js';
import { eachLine, unrefHelper } from './helper-process.js';

/**
 * on: the terminal echoes typed text. raw: echo and canonical mode are both
 * off, which is how readline, vim and every TUI read keys and draw them
 * themselves. off: echo off with canonical mode on: a hidden line being
 * typed, which is how read -s, sudo, ssh and getpass ask for a password.
 */
export type EchoState = 'on' | 'raw' | 'off' | 'unknown';

/** Linux c_lflag bits (termios.h): ECHO 0000010, ICANON 0000002. */
const ECHO_FLAG = 0o10;
const ICANON_FLAG = 0o2;

/** May input typed in this state be recorded? Hidden lines and unknown states never are. */
export function mayRecord(s: EchoState): boolean {
  return s === 'on' || s === 'raw';
}
/** A probe that does not answer in this long counts as unknown (not recorded). */
const PROBE_TIMEOUT_MS = 1000;

/**
 * Parses `stty -g` output: colon-separated hex fields, c_lflag fourth.
 * Pure, so it is tested on strings.
 */
export function parseSttyG(line: string): EchoState {
  const fields = line.trim().split(':');
  if (fields.length < 4) return 'unknown';
  const lflag = Number.parseInt(fields[3] ?? '', 16);
  if (!Number.isFinite(lflag)) return 'unknown';
  if ((lflag & ECHO_FLAG) !== 0) return 'on';
  return (lflag & ICANON_FLAG) !== 0 ? 'off' : 'raw';
}

/**
 * Reads the echo flag of the child's terminal. Node has no tcgetattr, so a
 * long-lived helper (see echo-helper.ts) reads the PTY's slave side each
 * time we ask. Keeping the helper alive means the wrapper never forks on the
 * keystroke path: asking is one short write to a pipe.
 */
export class EchoProbe {
  private helper: ChildProcess | undefined;
  private waiting: Array<(s: EchoState) => void> = [];
  private dead = false;

  /**
   * The helper starts at the first question, not with the session: the
   * gate asks none before the session's first output or input, so a
   * session that prints nothing and reads nothing (`run true`) never forks it.
   */
  constructor(private readonly ptsName: string) {}

  private start(): void {
    if (this.helper || this.dead) return;
    try {
      this.helper = childProcess().spawn('sh', echoHelperArgs(this.ptsName, process.platform, process.arch), {
        stdio: ['pipe', 'pipe', 'ignore'],
      });
    } catch {
      this.dead = true;
      return;
    }
    const helper = this.helper;
    helper.on('error', () => this.die());
    helper.on('exit', () => this.die());
    helper.stdin?.on('error', () => this.die());
    eachLine(helper, (line) => this.waiting.shift()?.(parseSttyG(line)));
    unrefHelper(helper);
  }

  query(): Promise<EchoState> {
    this.start();
    if (this.dead || !this.helper?.stdin) return Promise.resolve('unknown');
    return new Promise<EchoState>((resolve) => {
      let done = false;
      const settle = (s: EchoState): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(s);
      };
      const timer = setTimeout(() => {
        // Keep the FIFO aligned: the late answer will be consumed by this slot.
        settle('unknown');
      }, PROBE_TIMEOUT_MS);
      timer.unref();
      this.waiting.push(settle);
      this.helper?.stdin?.write('?\n');
    });
  }

  dispose(): void {
    this.die();
    this.helper?.kill('SIGKILL');
  }

  private die(): void {
    if (this.dead) return;
    this.dead = true;
    this.waiting.splice(0).forEach((w) => w('unknown'));
  }
}
