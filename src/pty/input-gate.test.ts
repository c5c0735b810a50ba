import { describe, expect, it, vi } from 'vitest';
import { InputGate } from './input-gate.js';
import { OrderedSink } from './ordered-sink.js';
import type { EchoState } from './echo-probe.js';
import type { SessionEvent } from './events.js';

/** A probe that answers with the terminal's state at the moment it is asked, and counts the questions. */
function fakeTerminal(): { probe: { query: () => Promise<EchoState> }; set: (s: EchoState) => void; asked: () => number } {
  let state: EchoState = 'on';
  let asked = 0;
  return {
    probe: {
      query: () => {
        asked++;
        return Promise.resolve(state);
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

describe('InputGate', () => {
  it('asks nothing of a session that shows nothing and is typed nothing (run true forks no helper)', async () => {
    vi.useFakeTimers();
    try {
      const t = fakeTerminal();
      const { gate } = gateOver(t);
      await vi.advanceTimersByTimeAsync(1000);
      gate.close();
      expect(t.asked()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('records input only between readings that allow it: not before the first reading, not a hidden line', async () => {
    vi.useFakeTimers();
    try {
      const t = fakeTerminal();
      const { gate, recorded } = gateOver(t);
      // Pasted before the child showed anything (cat > file): the reading it starts judges it, and every chunk before it answers.
      gate.noteInput(0.1, 'early\r');
      gate.noteInput(0.1, 'chunk\r');
      await vi.advanceTimersByTimeAsync(100);
      expect(recorded.map((e) => e.data)).toEqual(['early\r', 'chunk\r']);
      // The child's prompt: read once the output pauses; then typed input is recorded.
      gate.noteOutput();
      await vi.advanceTimersByTimeAsync(100);
      gate.noteInput(1, 'ls\r');
      await vi.advanceTimersByTimeAsync(100);
      expect(recorded.map((e) => e.data)).toEqual(['early\r', 'chunk\r', 'ls\r']);
      // A password prompt turns echo off; the line is sent with Enter and echo comes back on before the reading after it.
      t.set('off');
      gate.noteOutput();
      await vi.advanceTimersByTimeAsync(100);
      gate.noteInput(2, 'hunter2\r');
      t.set('on');
      await vi.advanceTimersByTimeAsync(100);
      expect(recorded.map((e) => e.data)).toEqual(['early\r', 'chunk\r', 'ls\r']);
      gate.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the first input out when the reading it starts finds a hidden line', async () => {
    vi.useFakeTimers();
    try {
      const t = fakeTerminal();
      t.set('off');
      const { gate, recorded } = gateOver(t);
      gate.noteInput(0.1, 'secret\r');
      await vi.advanceTimersByTimeAsync(100);
      expect(recorded).toEqual([]);
      gate.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
