import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encoded } from './recorder.js';
import { encodeEvent } from './asciicast.js';

describe('the recorder encoding its queue', () => {
  it("gives the bytes of the joined lines for what it queues: event lines, whatever their data holds (CJK, emoji, lone surrogates)", () => {
    const data = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('日志', '😀', '\ud800', '\udc00', '\r\n', 'x'.repeat(300)));
    const line = fc.tuple(fc.double({ min: 0, max: 1e5, noNaN: true }), fc.constantFrom('o', 'i', 'r'), data).map(([t, code, d]) => encodeEvent({ t, code: code as 'o', data: d }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        expect(encoded(lines).equals(Buffer.from(lines.join('')))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
