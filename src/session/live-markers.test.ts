import { describe, expect, it, vi } from 'vitest';
import { LiveMarkers } from './live-markers.js';

describe('live marker detection', () => {
  it('sees a marker inside a chunk and one split across chunks, and nothing else', () => {
    vi.useFakeTimers();
    let fired = 0;
    const m = new LiveMarkers('!记得', () => fired++);
    m.event({ t: 0, code: 'o', data: 'plain output, no marker' });
    vi.advanceTimersByTime(5000);
    expect(fired).toBe(0);
    m.event({ t: 1, code: 'i', data: 'say !' });
    m.event({ t: 1, code: 'i', data: '记得 something' });
    vi.advanceTimersByTime(5000);
    expect(fired).toBe(1);
    m.event({ t: 2, code: 'o', data: '> !记得 again' });
    vi.advanceTimersByTime(5000);
    expect(fired).toBe(2);
    m.close();
    vi.useRealTimers();
  });
});
