import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The env the tmux server starts with, which every pane inherits under its
 * `-e` values. Without CI's markers: Gemini CLI (via is-in-ci) sees `CI`,
 * `CONTINUOUS_INTEGRATION` or any `CI_*` and refuses to start interactively,
 * as a person's terminal never would.
 */
function serverEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== 'CI' && k !== 'CONTINUOUS_INTEGRATION' && !k.startsWith('CI_')),
  );
}

/**
 * A private tmux server, driven as a person would: send-keys to type,
 * capture-pane to read the screen.
 */
export class Tmux {
  private readonly socket = `cm-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  /** Each pane's command writes its exit status here: tmux's own pane_dead_status is not always set. */
  private readonly statusDir = mkdtempSync(join(tmpdir(), 'cm-tmux-'));

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8', env: serverEnv() });
  }

  start(name: string, command: string, o: { cwd: string; env: NodeJS.ProcessEnv; cols?: number; rows?: number }): void {
    const envArgs = Object.entries(o.env)
      .filter(([, v]) => v !== undefined)
      .flatMap(([k, v]) => ['-e', `${k}=${v ?? ''}`]);
    const wrapped = `${command}; echo $? > ${join(this.statusDir, name)}`;
    this.tmux(['new-session', '-d', '-s', name, '-x', String(o.cols ?? 80), '-y', String(o.rows ?? 24), '-c', o.cwd, ...envArgs, 'sh', '-c', wrapped]);
    // Keep the pane after the command exits so its status can be read.
    this.tmux(['set-option', '-t', name, 'remain-on-exit', 'on']);
  }

  keys(name: string, ...keys: string[]): void {
    this.tmux(['send-keys', '-t', name, ...keys]);
  }

  /** Literal text, no key-name lookup. */
  type(name: string, text: string): void {
    this.tmux(['send-keys', '-t', name, '-l', text]);
  }

  /** Pastes text as a terminal does (bracketed, when the program asked for it). */
  paste(name: string, text: string): void {
    this.tmux(['set-buffer', '-b', `cm-${name}`, text]);
    this.tmux(['paste-buffer', '-p', '-d', '-b', `cm-${name}`, '-t', name]);
  }

  /** Types a line as a person would, pauses as a person does, then presses Enter. */
  async submit(name: string, text: string, pauseMs = 300): Promise<void> {
    this.type(name, text);
    await new Promise((r) => setTimeout(r, pauseMs));
    this.keys(name, 'Enter');
  }

  capture(name: string): string {
    return this.tmux(['capture-pane', '-p', '-t', name]);
  }

  async waitFor(name: string, test: (screen: string) => boolean, timeoutMs = 30_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.capture(name);
      if (test(screen)) return screen;
      if (Date.now() > until) throw new Error(`tmux ${name}: timed out; screen:\n${screen}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Waits for the pane's command to exit and returns its status. */
  async exitStatus(name: string, timeoutMs = 30_000): Promise<number> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        const status = readFileSync(join(this.statusDir, name), 'utf8').trim();
        if (status) return Number(status);
      } catch {
        // Not written yet: still running.
      }
      if (Date.now() > until) throw new Error(`tmux ${name}: still running`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Closes the pane as a person closing a terminal window would: its processes get a hangup. */
  killPane(name: string): void {
    this.tmux(['kill-pane', '-t', name]);
  }

  kill(): void {
    try {
      this.tmux(['kill-server']);
    } catch {
      // Already gone.
    }
  }
}
