import type { SessionEvent, Sink } from './events.js';

interface Slot {
  ready: boolean;
  event: SessionEvent | undefined;
}

/**
 * Keeps events in arrival order while some of them (input, waiting for the
 * echo check) are decided later: output behind an undecided input waits in a
 * short queue. Slots settle within the probe timeout, so the queue stays small.
 */
export class OrderedSink {
  private queue: Slot[] = [];

  constructor(private readonly target: Sink) {}

  push(e: SessionEvent): void {
    if (this.queue.length === 0) {
      this.target.event(e);
      return;
    }
    this.queue.push({ ready: true, event: e });
  }

  /** Reserves a place for an event decided later; call the result with it or with undefined to drop it. */
  reserve(): (e: SessionEvent | undefined) => void {
    const slot: Slot = { ready: false, event: undefined };
    this.queue.push(slot);
    return (e) => {
      slot.ready = true;
      slot.event = e;
      this.drain();
    };
  }

  /** At exit: whatever is still undecided is dropped (never recorded by default). */
  settleAll(): void {
    for (const s of this.queue) if (!s.ready) s.ready = true;
    this.drain();
  }

  private drain(): void {
    while (this.queue.length > 0 && this.queue[0]?.ready) {
      const slot = this.queue.shift();
      if (slot?.event) this.target.event(slot.event);
    }
  }
}
