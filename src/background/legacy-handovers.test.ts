import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepLegacyHandovers } from './legacy-handovers.js';

const DAY = 24 * 60 * 60 * 1000;

/** A handover folder as earlier versions left it in /tmp, last touched `ageMs` ago. */
function legacyFolder(ageMs: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'claude-mem-legacy-test-'));
  writeFileSync(join(dir, 'context.md'), 'block\n');
  const t = (Date.now() - ageMs) / 1000;
  utimesSync(dir, t, t);
  return dir;
}

describe('sweepLegacyHandovers', () => {
  it('removes day-old handover folders, looking in /tmp at most once a day', () => {
    const userData = mkdtempSync(join(tmpdir(), 'cm-user-'));
    const now = Date.now();
    const old = legacyFolder(2 * DAY);
    const fresh = legacyFolder(60_000);
    sweepLegacyHandovers(userData, now);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    // Within the day the stamp answers and /tmp is not read again.
    const later = legacyFolder(2 * DAY);
    sweepLegacyHandovers(userData, now + 60_000);
    expect(existsSync(later)).toBe(true);
    // A day on, it looks again.
    sweepLegacyHandovers(userData, now + DAY + 60_000);
    expect(existsSync(later)).toBe(false);
    rmSync(fresh, { recursive: true, force: true });
  });

  it('still sweeps when no stamp can be written', () => {
    const parent = mkdtempSync(join(tmpdir(), 'cm-user-'));
    const userData = join(parent, 'a-file');
    writeFileSync(userData, '');
    const old = legacyFolder(2 * DAY);
    sweepLegacyHandovers(userData);
    expect(existsSync(old)).toBe(false);
  });
});
