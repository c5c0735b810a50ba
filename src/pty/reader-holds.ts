/**
 * Why the PTY's reader is paused, and when it reads again. It is paused
 * while stdout or the recorder is behind, and before raw mode is on (output
 * post-processing would still turn the child's "\r\n" into "\r\r\n"); it
 * reads when no reason is left. Once the child is gone, what is left to read
 * is bounded by the kernel's buffers: stdout and the recorder no longer
 * pause it, so none of it can be left behind when the stream ends.
 */
export type HoldReason = 'stdout' | 'recorder' | 'terminal';

export class ReaderHolds {
  private readonly reasons = new Set<HoldReason>();
  private childGone = false;

  constructor(private readonly reader: { pause(): void; resume(): void }) {}

  has(reason: HoldReason): boolean {
    return this.reasons.has(reason);
  }

  /** Pauses for this reason; false when it does not apply (held already, or the child is gone). */
  hold(reason: HoldReason): boolean {
    if (this.reasons.has(reason) || (this.childGone && reason !== 'terminal')) return false;
    if (this.reasons.size === 0) this.reader.pause();
    this.reasons.add(reason);
    return true;
  }

  release(reason: HoldReason): void {
    if (!this.reasons.delete(reason)) return;
    if (this.reasons.size === 0) this.reader.resume();
  }

  noteChildGone(): void {
    this.childGone = true;
    this.release('stdout');
    this.release('recorder');
  }
}
