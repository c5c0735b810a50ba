import { describe, expect, it } from 'vitest';
import { InputHold } from './input-hold.js';

describe('InputHold', () => {
  it('passes input on at once when nothing holds it', () => {
    const passed: string[] = [];
    const hold = new InputHold({ pause: () => undefined, resume: () => undefined }, (c) => passed.push(c.toString()), () => undefined, () => true);
    expect(hold.take(Buffer.from('a'), () => undefined)).toBe(false);
    expect(hold.takeEnd()).toBe(false);
  });

  it('keeps chunks and the end behind them in order while held, then passes them on and ends', async () => {
    const log: string[] = [];
    let settle = (): void => undefined;
    const asked = new Promise<void>((r) => (settle = r));
    let asks = 0;
    const hold = new InputHold(
      { pause: () => log.push('pause'), resume: () => log.push('resume') },
      (c) => log.push(`pass ${c.toString()}`),
      () => log.push('end'),
      () => true,
    );
    const ask = (): Promise<void> => {
      asks++;
      return asked;
    };
    expect(hold.take(Buffer.from('one'), ask)).toBe(true);
    expect(hold.take(Buffer.from('two'), ask)).toBe(true);
    expect(hold.takeEnd()).toBe(true);
    expect(asks).toBe(1);
    expect(log).toEqual(['pause']);
    settle();
    await asked;
    await Promise.resolve();
    expect(log).toEqual(['pause', 'pass one', 'pass two', 'end']);
    expect(hold.take(Buffer.from('three'), () => undefined)).toBe(false);
  });

  it('resumes stdin after a hold, unless the session is over', async () => {
    for (const live of [true, false]) {
      const log: string[] = [];
      const hold = new InputHold({ pause: () => log.push('pause'), resume: () => log.push('resume') }, () => log.push('pass'), () => undefined, () => live);
      const p = Promise.resolve();
      hold.take(Buffer.from('x'), () => p);
      await p;
      await Promise.resolve();
      expect(log).toEqual(live ? ['pause', 'pass', 'resume'] : ['pause', 'pass']);
    }
  });
});
