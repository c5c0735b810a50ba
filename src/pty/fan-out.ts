import type { SessionEvent, Sink } from './events.js';

/**
 * Hands every event to several sinks. A sink that throws is reported once
 * and detached, and the others go on: the recorded program never dies, and
 * no other sink loses events, because one sink failed.
 */
export class SinkFanOut implements Sink {
  private live: Array<{ name: string; sink: Sink }>;

  constructor(
    sinks: Array<{ name: string; sink: Sink }>,
    private readonly onFailure: (name: string, err: unknown) => void,
  ) {
    this.live = [...sinks];
  }

  get size(): number {
    return this.live.length;
  }

  event(e: SessionEvent): void {
    this.each((s) => s.event(e));
  }

  flush(): void {
    this.each((s) => s.flush());
  }

  close(): void {
    this.each((s) => s.close());
  }

  private each(fn: (s: Sink) => void): void {
    for (const entry of [...this.live]) {
      try {
        fn(entry.sink);
      } catch (err) {
        this.live = this.live.filter((x) => x !== entry);
        this.onFailure(entry.name, err);
      }
    }
  }
}

/**
 * Wraps an object of optional callbacks so that the first throw from any of
 * them is reported once and every later call is skipped: the same contract
 * as a sink, for observers with a richer interface.
 */
export function guardObserver<T extends object>(observer: T | undefined, onFailure: (err: unknown) => void): T | undefined {
  if (!observer) return undefined;
  let failed = false;
  return new Proxy(observer, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        if (failed) return undefined;
        try {
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (err) {
          failed = true;
          onFailure(err);
          return undefined;
        }
      };
    },
  });
}
