import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeEvent, encodeHeader } from './asciicast.js';
import { replayCast } from './replay.js';
import { SegmentStream, segmentSession, type Segment } from '../segmenter/index.js';

const OPTS = { idleSplitMinutes: 5, marker: '!记得' };

const output = fc.constantFrom(
  'answer line\r\n',
  '日志统一使用 JSON 格式\r\n',
  '\r⠋ Thinking… 40%',
  'x'.repeat(120),
  '\r\n\r\n',
  '> question\r\n',
  // The alternate screen, entered and left: its lines come out when it is left, with the times they were first seen.
  '\x1b[?1049h\x1b[Hvim buffer line\r\n',
  '\x1b[?1049l',
  '\x1b[2J',
  'partial wrapped ' + 'w'.repeat(90),
  '!记得 用 pnpm 不用 npm\r\n',
);

const event = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constant('o' as const), fc.array(output, { minLength: 1, maxLength: 4 }).map((xs) => xs.join(''))) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('i' as const), fc.constantFrom('question\r', '!记得 测试命令是 pytest -q\r', 'half typed', '\x7f', 'y')) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('r' as const), fc.constantFrom('80x24', '120x40', '40x10')) },
);

// 400 s is past the 5-minute idle split: logs of several segments.
const gap = fc.constantFrom(0, 0.01, 0.03, 0.2, 1.5, 400);

describe('a replay segmented as it is read', () => {
  it('gives the segments of segmenting the whole replay, and hands some out before the end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-replay-stream-'));
    let early = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(gap, event), { minLength: 1, maxLength: 50 }), fc.integer({ min: 1, max: 120 }), async (spec, repeat) => {
          let t = 0;
          const events = spec.map(([g, [code, data]]) => ({ t: (t += g), code, data }));
          // Repeated past an idle gap, so logs span several 64 KB reads and segments.
          const body = Array.from({ length: repeat }, (_, k) => events.map((e) => encodeEvent({ ...e, t: e.t + k * (t + 400) })).join('')).join('');
          const path = join(dir, 'a.cast');
          writeFileSync(path, encodeHeader({ version: 2, width: 80, height: 24, timestamp: 0 }) + body);

          const whole = await replayCast(path);
          const want = segmentSession(whole.events, whole.lines, OPTS);

          const stream = new SegmentStream(OPTS);
          const got: Segment[] = [];
          await replayCast(path, {
            sink: {
              event: (e) => stream.event(e),
              line: (l) => stream.line(l),
              settled: (w) => {
                const out = stream.release(w);
                early += out.length;
                got.push(...out);
              },
            },
          });
          got.push(...stream.finish());
          expect(got).toEqual(want);
        }),
        { numRuns: 40 },
      );
      expect(early).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
