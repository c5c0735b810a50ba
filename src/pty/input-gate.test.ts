import { describe, expect, it, vi } from 'vitest';
import { InputGate } from './input-gate.js';
import { OrderedSink } from './ordered-sink.js';
import type { EchoState } from './echo-probe.js';
import type { SessionEvent } from './events.js';

/** A probe answering with the terminal's state when it answers, after `delayMs`; it counts the questions. */
function fakeTerminal(delayMs = 1): { probe: { query: () => Promise<EchoState> }; set: (s: EchoState) => void; asked: () => number } {
  let state: EchoState = 'on';
  let asked = 0;
  return {
    probe: {
      query: () => {
        asked++;
        return new Promise((r) => setTimeout(() => r(state), delayMs));
      },
    },
    set: (s) => (state = s),
    asked: () => asked,
  };
}

function gateOver(t: ReturnType<typeof fakeTerminal>): { gate: InputGate; recorded: SessionEvent[] } {
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
  it('asks nothing of a session nobody types into, and holds the first input for a reading, so input into a program that shows nothing (cat > file) is recorded', () =>
    withFakeTimers(async () => {
      const t = fakeTerminal(5);
      const { gate, recorded } = gateOver(t);
      await vi.advanceTimersByTimeAsync(100);
      expect(t.asked()).toBe(0);
      let released = false;
      void gate.holdInput()?.then(() => (released = true));
      // A second chunk while held waits for the same reading.
      void gate.holdInput();
      expect(t.asked()).toBe(1);
      await vi.advanceTimersByTimeAsync(2);
      expect(released).toBe(false);
      await vi.advanceTimersByTimeAsync(10);
      expect(released).toBe(true);
      expect(gate.holdInput()).toBeUndefined();
      gate.noteInput(0.1, 'pasted\r');
      await vi.advanceTimersByTimeAsync(100);
      expect(recorded.map((e) => e.data)).toEqual(['pasted\r']);
      gate.close();
    }));

  it('holds the first input while a reading is on its way and then keeps a hidden line out', () =>
    withFakeTimers(async () => {
      const t = fakeTerminal(5);
      const { gate, recorded } = gateOver(t);
      t.set('off');
      gate.noteOutput();
      await vi.advanceTimersByTimeAsync(16);
      expect(t.asked()).toBe(1);
      const hold = gate.holdInput();
      expect(hold).toBeDefined();
      expect(t.asked()).toBe(1);
      await vi.advanceTimersByTimeAsync(10);
      gate.noteInput(0.2, 'hunter2\r');
      t.set('on');
      await vi.advanceTimersByTimeAsync(100);
      expect(recorded).toEqual([]);
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

  it('takes one reading for a key and its echo, and still reads after output that follows the reading', () =>
    withFakeTimers(async () => {
      const t = fakeTerminal();
      const { gate, recorded } = gateOver(t);
      gate.noteOutput(); // the program's first draw
      await vi.advanceTimersByTimeAsync(100);
      const first = t.asked();
      gate.noteInput(1, 'a');
      await vi.advanceTimersByTimeAsync(1);
      gate.noteOutput(); // the key's echo
      await vi.advanceTimersByTimeAsync(100);
      expect(t.asked() - first).toBe(1);
      expect(recorded.map((e) => e.data)).toEqual(['a']);
      // Output after the key's reading was taken (a password prompt) is read again.
      t.set('off');
      gate.noteOutput();
      await vi.advanceTimersByTimeAsync(100);
      expect(t.asked() - first).toBe(2);
      gate.noteInput(2, 'hunter2\r');
      await vi.advanceTimersByTimeAsync(100);
      expect(recorded.map((e) => e.data)).toEqual(['a']);
      gate.close();
    }));
});
