/**
 * Input held back from the child while the observer asks (no echo reading
 * has answered yet, see InputGate.holdInput): stdin is paused, the chunks
 * that already came are kept in order with an end of input behind them,
 * and all of it is passed on, in that order, when the hold settles.
 */
export class InputHold {
  private chunks: Buffer[] | undefined;
  private ended = false;

  constructor(
    private readonly stdin: { pause(): void; resume(): void },
    private readonly pass: (chunk: Buffer) => void,
    private readonly end: () => void,
    /** False once the session is over: stdin is then left paused. */
    private readonly live: () => boolean,
  ) {}

  /** Takes a chunk if input is held or `ask` holds it now; false: pass it on yourself. */
  take(chunk: Buffer, ask: () => Promise<void> | undefined): boolean {
    if (this.chunks) {
      this.chunks.push(chunk);
      return true;
    }
    const hold = ask();
    if (!hold) return false;
    this.chunks = [chunk];
    this.stdin.pause();
    const release = (): void => {
      const chunks = this.chunks ?? [];
      this.chunks = undefined;
      for (const c of chunks) this.pass(c);
      if (this.ended) this.end();
      else if (this.live()) this.stdin.resume();
    };
    void hold.then(release, release);
    return true;
  }

  /** Takes the end of input if input is held; false: end it yourself. */
  takeEnd(): boolean {
    if (!this.chunks) return false;
    this.ended = true;
    return true;
  }
}
