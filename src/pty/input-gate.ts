import { mayRecord, type EchoProbe, type EchoState } from './echo-probe.js';
import type { OrderedSink } from './ordered-sink.js';

/** Output settles before we re-read the echo flag; a prompt arrives in bursts. */
const OUTPUT_PROBE_DEBOUNCE_MS = 15;
/** Long enough for the key's echo to have passed, short next to human typing. */
const INPUT_PROBE_DELAY_MS = 20;

/**
 * Decides whether typed input may be recorded. A password prompt turns echo
 * off (canonical mode staying on) before the user types and back on right
 * after Enter, so one reading taken after the input could already be "on"
 * again. Input is therefore recorded only if the terminal was in a
 * recordable state (see mayRecord) both in the last reading before it (kept
 * fresh after each burst of output) and in a reading taken after it.
 * Unknown counts as hidden: when in doubt, nothing is recorded.
 *
 * "Before" is the last reading answered before the input: one still on
 * its way may be taken after it (a password typed and entered, echo back
 * on), so it never stands for one taken before.
 *
 * The first reading is taken as the session starts. Deferring it (to save
 * the helper's fork, ~5 ms of a `run true`) left the first line typed
 * right after a CLI's first draw without a reading before it, and so out
 * of the log: an explicit `!记得` among them.
 */
export class InputGate {
  private last: EchoState = 'unknown';
  private outputTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private lastOutput = 0;
  private nextReading: Promise<EchoState> | undefined;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly probe: Pick<EchoProbe, 'query'>,
    private readonly sink: OrderedSink,
  ) {
    this.refresh();
  }

  /**
   * Call on each output chunk. Trailing debounce: the echo flag is read once
   * the output has paused (a prompt waits; a stream of output does not), so
   * a long burst of output costs one reading, not one per chunk.
   */
  noteOutput(): void {
    if (this.closed) return;
    this.lastOutput = Date.now();
    if (this.outputTimer) return;
    const wait = (delay: number): void => {
      this.outputTimer = setTimeout(() => {
        const quiet = Date.now() - this.lastOutput;
        if (quiet < OUTPUT_PROBE_DEBOUNCE_MS) {
          wait(OUTPUT_PROBE_DEBOUNCE_MS - quiet);
          return;
        }
        this.outputTimer = undefined;
        // A reading already due after a key (the key's own echo is this
        // output) starts later than this one would, so it stands for both:
        // a typed key costs one reading, not two competing with the next key.
        if (this.nextReading) return;
        this.refresh();
      }, delay);
      this.outputTimer.unref();
    };
    wait(OUTPUT_PROBE_DEBOUNCE_MS);
  }

  /**
   * Call after the input has already been written to the PTY. The reading
   * after it is taken a moment later and shared by every input in between,
   * so the helper's stty never competes with the echo of the key just typed,
   * and a fast typist or a paste costs one reading, not one per chunk.
   */
  noteInput(t: number, data: string): void {
    if (this.closed) return;
    const before = this.last;
    const settle = this.sink.reserve();
    const done = this.afterReading().then((after) => {
      // "unknown" after the input means the terminal is gone (the child
      // exited on this very line): the reading before it still decides.
      const ok = mayRecord(before) && (mayRecord(after) || after === 'unknown');
      settle(ok ? { t, code: 'i', data } : undefined);
    });
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
  }

  private afterReading(): Promise<EchoState> {
    this.nextReading ??= new Promise<EchoState>((resolve) => {
      const timer = setTimeout(() => {
        this.nextReading = undefined;
        void this.read().then(resolve);
      }, INPUT_PROBE_DELAY_MS);
      timer.unref();
    });
    return this.nextReading;
  }

  /** Waits for the input still being checked (bounded by the probe timeout). */
  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    if (this.outputTimer) clearTimeout(this.outputTimer);
  }

  private refresh(): void {
    void this.read();
  }

  private read(): Promise<EchoState> {
    return this.probe.query().then((s) => (this.last = s));
  }
}
