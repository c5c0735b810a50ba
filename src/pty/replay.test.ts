import { describe, expect, it } from 'vitest';
import { alternateScreenChange } from './replay.js';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeEvent, encodeHeader, parseCast } from './asciicast.js';
import { replayCast } from './replay.js';
import { screenLinesOf } from './screen.js';
import type { SessionEvent } from './events.js';

/** What a replay must give: the log parsed whole, and every output event fed to the screen one by one. */
async function reference(path: string): Promise<{ events: SessionEvent[]; lines: Array<{ t: number; text: string; screen: string }>; completeBytes: number; truncated: boolean }> {
  const parsed = parseCast(readFileSync(path, 'utf8'));
  const lines = await screenLinesOf(parsed.events, { cols: parsed.header.width, rows: parsed.header.height });
  return { events: parsed.events, lines, completeBytes: parsed.completeBytes, truncated: parsed.truncated };
}

const output = fc.constantFrom(
  'hello ',
  'world\r\n',
  '日志统一使用 JSON 格式\r\n',
  '\r⠋ Thinking… 40%',
  '\x1b[32mok\x1b[0m\r\n',
  '\x1b[',
  '2K\r',
  'é',
  '—',
  'x'.repeat(300),
  '\r\n\r\n',
  '$ npm test\r\n',
);

const event = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.constant('o' as const), fc.array(output, { minLength: 1, maxLength: 4 }).map((xs) => xs.join(''))) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('i' as const), fc.constantFrom('y\r', 'q', '\x1b[A')) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('r' as const), fc.constantFrom('80x24', '120x40', '40x10')) },
);

const gap = fc.constantFrom(0, 0.001, 0.01, 0.03, 0.2, 1.5, 400);

describe('replayCast', () => {
  it('gives what feeding each event to the screen gives: the same events, lines, bytes and cut-off flag; a line at most 50 ms early', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-replay-'));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(gap, event), { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 250 }), fc.boolean(), async (spec, repeat, cut) => {
          let t = 0;
          const events = spec.map(([g, [code, data]]) => ({ t: (t += g), code, data }));
          // Repeated, so some logs span several 64 KB reads and lines cross them.
          const body = Array.from({ length: repeat }, (_, k) => events.map((e) => encodeEvent({ ...e, t: e.t + k * (t + 1) })).join('')).join('');
          const full = encodeHeader({ version: 2, width: 80, height: 24, timestamp: 0 }) + body;
          // A cut-off last line: a crash in the middle of a write.
          const text = cut ? full.slice(0, full.length - 5) : full;
          const path = join(dir, 'a.cast');
          writeFileSync(path, text);
          const got = await replayCast(path);
          const want = await reference(path);
          expect(got.completeBytes).toBe(want.completeBytes);
          expect(got.truncated).toBe(want.truncated);
          // Output events are thinned to activity marks, at most one a second.
          expect(got.events.filter((e) => e.code !== 'o')).toEqual(want.events.filter((e) => e.code !== 'o'));
          expect(got.lines.map((l) => [l.text, l.screen])).toEqual(want.lines.map((l) => [l.text, l.screen]));
          got.lines.forEach((l, i) => {
            const w = want.lines[i]?.t ?? NaN;
            expect(l.t).toBeLessThanOrEqual(w + 1e-9);
            expect(w - l.t).toBeLessThanOrEqual(0.05 + 1e-9);
          });
        }),
        { numRuns: 40 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('decodes characters split across reads, and keeps the bytes of the complete lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-replay-'));
    try {
      // 70,000 CJK characters in one event: its line crosses the first 64 KB read mid-character.
      const events = [
        { t: 0.5, code: 'o' as const, data: `${'日志'.repeat(35_000)}\r\n` },
        { t: 1, code: 'i' as const, data: 'q' },
        { t: 2, code: 'o' as const, data: 'done\r\n' },
      ];
      const path = join(dir, 'b.cast');
      writeFileSync(path, encodeHeader({ version: 2, width: 100, height: 30, timestamp: 0 }) + events.map(encodeEvent).join(''));
      const got = await replayCast(path);
      const want = await reference(path);
      expect(got.lines.map((l) => l.text)).toEqual(want.lines.map((l) => l.text));
      expect(got.lines.some((l) => l.text.startsWith('日志日志'))).toBe(true);
      expect(got.completeBytes).toBe(Buffer.byteLength(readFileSync(path)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('full-screen programs in a replay', () => {
  it('says when the output enters or leaves the alternate screen, the last switch counting', () => {
    expect(alternateScreenChange('\u001b[?1049h\u001b[H~')).toBe('h');
    expect(alternateScreenChange('bye\u001b[?1049l$ ')).toBe('l');
    expect(alternateScreenChange('\u001b[?47h…\u001b[?47l')).toBe('l');
    expect(alternateScreenChange('\u001b[?25l plain output')).toBeUndefined();
  });
});
