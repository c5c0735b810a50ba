import { describe, expect, it } from 'vitest';
import { ReaderHolds } from './reader-holds.js';

function reader(): { pause: () => void; resume: () => void; calls: string[] } {
  const calls: string[] = [];
  return { pause: () => calls.push('pause'), resume: () => calls.push('resume'), calls };
}

describe('ReaderHolds', () => {
  it('pauses on the first reason and reads again only when none is left', () => {
    const r = reader();
    const holds = new ReaderHolds(r);
    expect(holds.hold('terminal')).toBe(true);
    expect(holds.hold('stdout')).toBe(true);
    expect(holds.hold('stdout')).toBe(false);
    holds.release('terminal');
    expect(r.calls).toEqual(['pause']);
    holds.release('stdout');
    expect(r.calls).toEqual(['pause', 'resume']);
    holds.release('stdout');
    expect(r.calls).toEqual(['pause', 'resume']);
  });

  it('once the child is gone, reads whatever stdout and the recorder say, but never before raw mode is on', () => {
    const r = reader();
    const holds = new ReaderHolds(r);
    holds.hold('terminal');
    holds.hold('recorder');
    holds.noteChildGone();
    expect(r.calls).toEqual(['pause']);
    expect(holds.hold('stdout')).toBe(false);
    holds.release('terminal');
    expect(r.calls).toEqual(['pause', 'resume']);
    expect(holds.hold('recorder')).toBe(false);
    expect(r.calls).toEqual(['pause', 'resume']);
  });
});
