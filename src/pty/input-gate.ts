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
 * No reading is taken as the session starts: a session that prints nothing
 * before its first input (`run true`, `cat`) would fork the helper only to
 * have it compete with the launch (~14 ms of a `run true`). Output starts
 * the readings; input that comes before any reading has answered is held
 * back from the child until one has (holdInput), so the first line typed
 * has a reading before it like every later one. Taking no first reading
 * and not holding lost that line, an explicit `!记得` among them.
 */
export class InputGate {
  private last: EchoState = 'unknown';
  private outputTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private lastOutput = 0;
  private nextReading: Promise<EchoState> | undefined;
  /** The reading asked last, until it answers. */
  private reading: Promise<EchoState> | undefined;
  private answered = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly probe: Pick<EchoProbe, 'query'>,
    private readonly sink: OrderedSink,
  ) {}

  /**
   * Ask before passing input on to the child. A promise means no reading has
   * answered yet: hold the input until it settles, then pass it on and call
   * noteInput. The reading it waits for is then one taken before the input.
   * Settles by the probe's timeout at the latest.
   */
  holdInput(): Promise<void> | undefined {
    if (this.closed || this.answered) return undefined;
    return (this.reading ?? this.read()).then(() => undefined);
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
    const reading = this.probe.query().then((s) => {
      this.last = s;
      this.answered = true;
      if (this.reading === reading) this.reading = undefined;
      return s;
    });
    this.reading = reading;
    return reading;
  }
}
