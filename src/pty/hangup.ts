/**
 * What a terminal closing does to the programs in it, done by the wrapper
 * for the CLI under it. The kernel hangs up a terminal's whole foreground
 * process group, not one pid: a CLI that relaunches itself (Gemini CLI
 * starts a second node with a larger heap) or runs tools in children gets
 * the signal in every process, as it would run directly. A CLI that
 * catches SIGHUP or SIGTERM and stays anyway is ended after a grace
 * period, so a closed terminal never leaves a session running orphaned.
 */
export const HANGUP_GRACE_MS = 5000;
export const TERM_GRACE_MS = 3000;

type Kill = (pid: number, signal: NodeJS.Signals) => void;

export class ChildEnder {
  private timers: NodeJS.Timeout[] = [];
  private ending = false;

  constructor(
    private readonly pid: number,
    private readonly kill: Kill = (pid, signal) => process.kill(pid, signal),
  ) {}

  /** The signal to the child's process group (it leads its own session), else to the child alone. */
  signal(signal: NodeJS.Signals): void {
    try {
      this.kill(-this.pid, signal);
      return;
    } catch {
      // No such group (the leader exec'd away or is gone): the child itself.
    }
    try {
      this.kill(this.pid, signal);
    } catch {
      // Already gone.
    }
  }

  /**
   * A hangup or a request to end (SIGHUP, SIGTERM): sent now; SIGTERM after
   * a grace period if the group is still there, SIGKILL after another.
   */
  end(first: NodeJS.Signals): void {
    this.signal(first);
    if (this.ending) return;
    this.ending = true;
    const later = (ms: number, signal: NodeJS.Signals): void => {
      const t = setTimeout(() => this.signal(signal), ms);
      t.unref();
      this.timers.push(t);
    };
    if (first !== 'SIGTERM') later(HANGUP_GRACE_MS, 'SIGTERM');
    later(HANGUP_GRACE_MS + TERM_GRACE_MS, 'SIGKILL');
  }

  /** The child exited: nothing more to send. */
  cancel(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }
}
