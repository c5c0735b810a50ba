import type { EchoProbe, EchoState } from './echo-probe.js';
import type { OrderedSink } from './ordered-sink.js';

/** Output settles before we re-read the echo flag; a prompt arrives in bursts. */
const OUTPUT_PROBE_DEBOUNCE_MS = 15;

/**
 * Decides whether typed input may be recorded. A password prompt turns echo
 * off before the user types and back on right after Enter, so one reading
 * taken after the input could already be "on" again. Input is therefore
 * recorded only if echo was on both in the last reading before it (kept
 * fresh after each burst of output) and in a reading taken after it.
 * Unknown counts as off: when in doubt, nothing is recorded.
 */
export class InputGate {
  private last: EchoState = 'unknown';
  private outputTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly probe: EchoProbe,
    private readonly sink: OrderedSink,
  ) {
    this.refresh();
  }

  /** Call on each output chunk; cheap, the probe runs after the burst. */
  noteOutput(): void {
    if (this.closed || this.outputTimer) return;
    this.outputTimer = setTimeout(() => {
      this.outputTimer = undefined;
      this.refresh();
    }, OUTPUT_PROBE_DEBOUNCE_MS);
    this.outputTimer.unref();
  }

  /** Call after the input has already been written to the PTY. */
  noteInput(t: number, data: string): void {
    if (this.closed) return;
    const before = this.last;
    const settle = this.sink.reserve();
    void this.probe.query().then((after) => {
      this.last = after;
      settle(before === 'on' && after === 'on' ? { t, code: 'i', data } : undefined);
    });
  }

  close(): void {
    this.closed = true;
    if (this.outputTimer) clearTimeout(this.outputTimer);
  }

  private refresh(): void {
    void this.probe.query().then((s) => {
      this.last = s;
    });
  }
}
