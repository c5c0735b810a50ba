import { describe, expect, it, vi } from 'vitest';
import { InputGate } from './input-gate.js';
import { OrderedSink } from './ordered-sink.js';
import type { EchoReading, EchoState } from './echo-probe.js';
import type { SessionEvent } from './events.js';

/** A probe answering with the terminal's state when it answers, after `delayMs`; it counts the questions. */
function fakeTerminal(delayMs = 1): { probe: { reading: () => Promise<EchoReading> }; set: (s: EchoState) => void; asked: () => number } {
  let state: EchoState = 'on';
  let asked = 0;
  return {
    probe: {
      // No clock: the state when it answers, as a helper whose `date` gives none.
      reading: () => {
        asked++;
        return new Promise((r) => setTimeout(() => r({ state }), delayMs));
      },
    },
    set: (s) => (state = s),
    asked: () => asked,
  };
}

/** A probe whose helper takes the reading `takeMs` after the question and answers `answerMs` later, with its clock. */
function stampedTerminal(takeMs: number, answerMs: number) {
  let state: EchoState = 'on';
  const probe = {
    reading: () =>
      new Promise<EchoReading>((resolve) => {
        setTimeout(() => {
          const taken = { state, takenBy: Date.now() };
          setTimeout(() => resolve(taken), answerMs);
        }, takeMs);
      }),
  };
  return { probe, set: (s: EchoState) => (state = s), asked: () => 0 };
}

function gateOver(t: { probe: ConstructorParameters<typeof InputGate>[0] }): { gate: InputGate; recorded: SessionEvent[] } {
  const recorded: SessionEvent[] = [];
  const sink = new OrderedSink({ event: (e) => recorded.push(e), flush: () => undefined, close: () => undefined });
  return { gate: new InputGate(t.probe, sink), recorded };
}

async function withFakeTimers(fn: () => Promise<void>): Promise<void> {
  vi.useFakeTimers();
  try {
    await fn();
  } finally {
    vi.useRealTimers();
  }
}

describe('InputGate', () => {
  it('takes a first reading as the session starts, so input into a program that shows nothing (cat > file) is recorded', () =>
    withFakeTimers(async () => {
      const t = fakeTerminal();
      const { gate, recorded } = gateOver(t);
      expect(t.asked()).toBe(1);
      await vi.advanceTimersByTimeAsync(10);
      gate.noteInput(0.1, 'pasted\r');
      await vi.advanceTimersByTimeAsync(100);
      expect(recorded.map((e) => e.data)).toEqual(['pasted\r']);
      gate.close();
    }));

  it('keeps input out when no reading had answered before it, even if the one on its way says echo is on', () =>
    withFakeTimers(async () => {
      // A slow helper: the prompt's reading answers only after the password was typed and entered.
      const t = fakeTerminal(300);
      const { gate, recorded } = gateOver(t);
      t.set('off');
      gate.noteOutput();
      await vi.advanceTimersByTimeAsync(100);
      gate.noteInput(0.2, 'hunter2\r');
      t.set('on');
      await vi.advanceTimersByTimeAsync(2000);
      expect(recorded).toEqual([]);
      gate.close();
    }));

  it('records input between readings that allow it, and never a hidden line', () =>
    withFakeTimers(async () => {
      const t = fakeTerminal();
      const { gate, recorded } = gateOver(t);
      gate.noteOutput();
      await vi.advanceTimersByTimeAsync(100);
      gate.noteInput(1, 'ls\r');
      await vi.advanceTimersByTimeAsync(100);
      expect(recorded.map((e) => e.data)).toEqual(['ls\r']);
      // A password prompt turns echo off; the line is sent with Enter and echo comes back on before the reading after it.
      t.set('off');
      gate.noteOutput();
      await vi.advanceTimersByTimeAsync(100);
      gate.noteInput(2, 'hunter2\r');
      t.set('on');
      await vi.advanceTimersByTimeAsync(100);
      expect(recorded.map((e) => e.data)).toEqual(['ls\r']);
      gate.close();
    }));

  it("records the first line typed at a fresh prompt when the helper's clock shows the reading on its way was taken before it", () =>
    withFakeTimers(async () => {
      // A busy machine: the reading is taken at once but its answer arrives after the line was typed.
      const t = stampedTerminal(1, 300);
      const { gate, recorded } = gateOver(t);
      await vi.advanceTimersByTimeAsync(50);
      gate.noteInput(0.05, '!记得 the fixtures live in tests/data\r');
      await vi.advanceTimersByTimeAsync(2000);
      expect(recorded.map((e) => e.data)).toEqual(['!记得 the fixtures live in tests/data\r']);
      gate.close();
    }));

  it("trusts no clock that disagrees with the gate's own: a stamp from before the question counts for nothing", () =>
    withFakeTimers(async () => {
      const { gate, recorded } = gateOver({ probe: { reading: () => new Promise<EchoReading>((r) => setTimeout(() => r({ state: 'on', takenBy: 0 }), 300)) } });
      await vi.advanceTimersByTimeAsync(50);
      gate.noteInput(0.05, 'hunter2\r');
      await vi.advanceTimersByTimeAsync(2000);
      expect(recorded).toEqual([]);
      gate.close();
    }));

  it('keeps a password out when the reading on its way was taken after it, whatever it says', () =>
    withFakeTimers(async () => {
      // The helper is slow to even take the reading: by then the password was entered and echo is back on.
      const t = stampedTerminal(200, 100);
      const { gate, recorded } = gateOver(t);
      t.set('off');
      await vi.advanceTimersByTimeAsync(50);
      gate.noteInput(0.05, 'hunter2\r');
      t.set('on');
      await vi.advanceTimersByTimeAsync(2000);
      expect(recorded).toEqual([]);
      gate.close();
    }));
});
