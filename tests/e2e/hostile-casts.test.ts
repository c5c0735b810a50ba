import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../helpers/sandbox.js';

/** Replays a log in a fresh process and returns its peak RSS in MB. */
function peakRssOfReplay(path: string): { mb: number; error: string } {
  const replay = join(ROOT, 'dist', 'pty', 'replay.js');
  const script = `import { replayCast } from ${JSON.stringify(replay)};
let error = '';
try { await replayCast(${JSON.stringify(path)}); } catch (e) { error = String(e && e.message || e); }
process.stdout.write(JSON.stringify({ kb: process.resourceUsage().maxRSS, error }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  const out = JSON.parse(r.stdout || '{"kb":0,"error":"no output"}') as { kb: number; error: string };
  return { mb: out.kb / 1024, error: out.error || r.stderr.slice(0, 200) };
}

const HUGE = ['99999999x99999999', '10000x10000', '100000x3', '3x100000', '0x0', '-5x10', '1e9x1e9', '80x24'];

describe('a hostile log cannot exhaust the machine', () => {
  it('keeps peak RSS under 200 MB for random resize events and headers', { timeout: 240_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-hostile-'));
    let n = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.oneof(fc.constantFrom(...HUGE), fc.tuple(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99_999_999 })).map(([c, r]) => `${c}x${r}`)), { minLength: 1, maxLength: 6 }),
        (width, height, resizes) => {
          const path = join(dir, `h${n++}.cast`);
          const events = resizes.flatMap((size, i) => [JSON.stringify([i + 0.5, 'r', size]), JSON.stringify([i + 0.6, 'o', `line ${i} ${'x'.repeat(200)}\\r\\n`])]);
          writeFileSync(path, [JSON.stringify({ version: 2, width, height, timestamp: 1_764_000_000 }), ...events].join('\n'));
          const { mb, error } = peakRssOfReplay(path);
          expect(error).toBe('');
          expect(mb).toBeLessThan(200);
        },
      ),
      { numRuns: 8 },
    );
  });
});
