import { describe, expect, it } from 'vitest';
import { writeFileSync, mkdtempSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseCast, CastFormatError, encodeHeader, encodeEvent } from './pty/asciicast.js';
import { replayCast } from './pty/replay.js';
import { screenLinesOf, MAX_LINE_CHARS } from './pty/screen.js';
import { segmentSession } from './segmenter/index.js';
import { distillSegment, markerCandidates } from './distill/index.js';

/**
 * Property tests over everything that reads what a session produced: the
 * log parser, the streaming replay, the screen model, the segmenter and the
 * distiller, on random bytes, partial escape sequences, alternate-screen
 * switches, huge lines and bad headers. The property is "no crash" (only
 * the log's own format error is allowed); `npm run bench:fuzz` runs the same
 * properties over 100,000+ inputs and reports the slowest input.
 *
 * FUZZ_RUNS sets runs per property (a quick run by default); FUZZ_REPORT
 * names a file that gets each property's slowest input time, for the bench.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60);
const REPORT = process.env['FUZZ_REPORT'];
/** A long run needs more than the default test time (a limit, not a timing). */
const LIMIT_MS = Math.max(60_000, RUNS * 60);

/**
 * An input that takes this long is a hang: it fails the property, so
 * fast-check prints it, shrunk, with the seed to replay it (a test timeout
 * would only say that the test ran out of time).
 */
const HANG_MS = 30_000;

async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: one input took over ${HANG_MS / 1000} s`)), HANG_MS);
  });
  try {
    return await Promise.race([fn(), hang]);
  } finally {
    clearTimeout(timer);
    if (REPORT) appendFileSync(REPORT, `${JSON.stringify({ name, ms: performance.now() - t0 })}\n`);
  }
}

function timedSync<T>(name: string, fn: () => T): T {
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    if (REPORT) appendFileSync(REPORT, `${JSON.stringify({ name, ms: performance.now() - t0 })}\n`);
  }
}

/** Pieces a terminal stream is made of, complete and cut off. */
const csi = fc.tuple(fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 4 }), fc.constantFrom('m', 'H', 'J', 'K', 'A', 'B', 'C', 'D', 'h', 'l', 'r', 'G', 'X', '')).map(([ps, f]) => `\x1b[${ps.join(';')}${f}`);
const privateMode = fc.tuple(fc.constantFrom(47, 1047, 1049, 25, 2004, 1), fc.constantFrom('h', 'l')).map(([n, f]) => `\x1b[?${n}${f}`);
const osc = fc.tuple(fc.string({ maxLength: 40 }), fc.constantFrom('\x07', '\x1b\\', '')).map(([t, end]) => `\x1b]0;${t}${end}`);
const controls = fc.constantFrom('\r', '\n', '\r\n', '\b', '\t', '\x1b', '\x1b7', '\x1b8', '\x1bc', '\x1b[2J', '\x1b[H', '\x00', '\x7f');
const text = fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom('日志统一使用 JSON 格式。', '!记得 测试命令是 pytest -q', 'Decided to use pnpm from now on.', '<private>', '</private>'));
const huge = fc.tuple(fc.constantFrom('x', '日', 'ab '), fc.integer({ min: 1000, max: 60_000 })).map(([c, n]) => c.repeat(n));
const chunk = fc.oneof({ weight: 6, arbitrary: text }, { weight: 3, arbitrary: csi }, { weight: 2, arbitrary: privateMode }, { weight: 2, arbitrary: osc }, { weight: 3, arbitrary: controls }, { weight: 1, arbitrary: huge });
const output = fc.array(chunk, { maxLength: 30 }).map((cs) => cs.join(''));

const event = fc.oneof(
  fc.tuple(fc.double({ min: 0, max: 5000, noNaN: true }), output).map(([t, d]) => ({ t, code: 'o' as const, data: d })),
  fc.tuple(fc.double({ min: 0, max: 5000, noNaN: true }), fc.oneof(text, controls, csi)).map(([t, d]) => ({ t, code: 'i' as const, data: d })),
  fc.tuple(fc.double({ min: 0, max: 5000, noNaN: true }), fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 300 })).map(([t, c, r]) => ({ t, code: 'r' as const, data: `${c}x${r}` })),
  fc.tuple(fc.double({ min: 0, max: 5000, noNaN: true }), fc.string({ maxLength: 10 })).map(([t, d]) => ({ t, code: 'r' as const, data: d })),
);
const events = fc.array(event, { maxLength: 25 }).map((es) => [...es].sort((a, b) => a.t - b.t));

const header = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 200 })).map(([w, h]) => encodeHeader({ version: 2, width: w, height: h, timestamp: 1_764_000_000 })) },
  { weight: 1, arbitrary: fc.json().map((j) => `${j}\n`) },
  { weight: 1, arbitrary: fc.constantFrom('{"version":2,"width":"x","height":24}\n', '{"version":2,"width":1e9,"height":24}\n', '{"version":2}\n', '\n', '{', '') },
);
const body = fc.oneof(
  events.map((es) => es.map((e) => encodeEvent(e)).join('')),
  fc.string({ maxLength: 400 }),
  fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b).toString('latin1')),
  fc.array(fc.oneof(fc.json(), fc.constantFrom('[1,"o"', '[1,"x","y"]', '["a","o","b"]', '[]', 'null')), { maxLength: 10 }).map((ls) => `${ls.join('\n')}\n`),
);

const dir = mkdtempSync(join(tmpdir(), 'cm-fuzz-'));
let n = 0;

describe('fuzzing what reads a session (fast-check)', () => {
  it('the log parser accepts or refuses with its own error, never crashes', () => {
    fc.assert(
      fc.property(header, body, (h, b) => {
        try {
          const cast = timedSync('parse', () => parseCast(h + b));
          expect(cast.completeBytes).toBeLessThanOrEqual(Buffer.byteLength(h + b));
        } catch (err) {
          if (!(err instanceof CastFormatError)) throw err;
        }
      }),
      { numRuns: RUNS * 4 },
    );
  }, LIMIT_MS);

  it('the streaming replay reads any file: lines bounded, only format errors', async () => {
    await fc.assert(
      fc.asyncProperty(header, body, fc.uint8Array({ maxLength: 64 }), async (h, b, tail) => {
        const path = join(dir, `r${n++}.cast`);
        writeFileSync(path, Buffer.concat([Buffer.from(h + b), Buffer.from(tail)]));
        try {
          const r = await timed('replay', () => replayCast(path));
          for (const l of r.lines) expect(l.text.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
        } catch (err) {
          if (!(err instanceof CastFormatError)) throw err;
        }
      }),
      { numRuns: RUNS },
    );
  }, LIMIT_MS);

  it('the screen model takes partial CSI/OSC, alternate-screen switches, resizes and huge lines', async () => {
    await fc.assert(
      fc.asyncProperty(events, fc.integer({ min: 2, max: 300 }), fc.integer({ min: 1, max: 120 }), async (es, cols, rows) => {
        const lines = await timed('screen', () => screenLinesOf(es, { cols, rows }));
        for (const l of lines) {
          expect(l.text.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
          expect(l.text).toBe(l.text.trimEnd());
        }
      }),
      { numRuns: RUNS },
    );
  }, LIMIT_MS);

  it('the segmenter and the distiller take any events and lines', () => {
    const lines = fc.array(fc.tuple(fc.double({ min: 0, max: 5000, noNaN: true }), fc.oneof(text, output)).map(([t, s]) => ({ t, text: s })), { maxLength: 30 });
    fc.assert(
      fc.property(events, lines, fc.integer({ min: 0, max: 10 }), (es, ls, idle) => {
        const ctx = { agent: 'claude', dir: '/p', sessionId: 's', sourceAt: (t: number) => `s.cast#t=${t}`, marker: '!记得' };
        timedSync('segment+distill', () => {
          const segments = segmentSession(es, [...ls].sort((a, b) => a.t - b.t), { idleSplitMinutes: idle, marker: '!记得' });
          for (const seg of segments) {
            expect(seg.start).toBeLessThanOrEqual(seg.end);
            const d = distillSegment(seg, ctx);
            for (const c of [...d.candidates, ...markerCandidates(seg, ctx)]) expect(c.text.trim()).not.toBe('');
          }
        });
      }),
      { numRuns: RUNS * 4 },
    );
  }, LIMIT_MS);
});
