import { describe, expect, it } from 'vitest';
import { SinkFanOut, guardObserver } from './fan-out.js';
import type { SessionEvent, Sink } from './events.js';

const ev = (data: string): SessionEvent => ({ t: 0, code: 'o', data });

describe('sink fan-out', () => {
  it('detaches a sink that throws, reports it once, and keeps feeding the others', () => {
    const got: string[] = [];
    const failures: string[] = [];
    let calls = 0;
    const broken: Sink = {
      event: () => {
        calls++;
        throw new Error('disk on fire');
      },
      flush: () => undefined,
      close: () => undefined,
    };
    const good: Sink = { event: (e) => got.push(e.data), flush: () => undefined, close: () => got.push('closed') };
    const fan = new SinkFanOut([{ name: 'broken', sink: broken }, { name: 'good', sink: good }], (name, err) => failures.push(`${name}: ${(err as Error).message}`));
    fan.event(ev('a'));
    fan.event(ev('b'));
    fan.flush();
    fan.close();
    expect(got).toEqual(['a', 'b', 'closed']);
    expect(calls).toBe(1);
    expect(failures).toEqual(['broken: disk on fire']);
    expect(fan.size).toBe(1);
  });

  it('guards an observer: the first throw is reported, later calls are skipped', () => {
    const failures: unknown[] = [];
    let n = 0;
    const o = guardObserver(
      {
        event(): void {
          n++;
          throw new Error('boom');
        },
      },
      (err) => failures.push(err),
    );
    expect(() => o?.event()).not.toThrow();
    o?.event();
    expect(n).toBe(1);
    expect(failures).toHaveLength(1);
  });
});
