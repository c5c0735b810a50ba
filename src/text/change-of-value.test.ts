import { describe, expect, it } from 'vitest';
import { changeOfValue } from './change-of-value.js';

describe('a change said by its two values (pure)', () => {
  it('reads the old and the new value, in English and Chinese, without what follows the new one', () => {
    for (const [text, from, to] of [
      ['We switched from pnpm to bun for installs.', 'pnpm', 'bun'],
      ['We moved CI from Jenkins over to GitHub Actions last week.', 'Jenkins', 'GitHub Actions'],
      ['Replaced Jest with Vitest in all packages.', 'Jest', 'Vitest'],
      ['Jest → Vitest', 'Jest', 'Vitest'],
      ['Upgraded Node from 18 to 20.11.', '18', '20.11'],
      ['The staging db moved from staging-db-01 to staging-db-02.', 'staging-db-01', 'staging-db-02'],
      ['把 pnpm 换成了 bun', 'pnpm', 'bun'],
      ['我们从 pnpm 换成 bun 了', 'pnpm', 'bun'],
      ['pnpm 换成bun以后快多了', 'pnpm', 'bun'],
    ] as const) {
      expect(changeOfValue(text), text).toEqual({ from, to });
    }
  });

  it('a change negated, only considered, or turned down is none', () => {
    for (const text of ['We might move from pnpm to bun next quarter.', 'We did not switch from pnpm to bun.', '没有从 pnpm 换成 bun', 'We tried replacing Redis with KeyDB but reverted.', 'The build uses pnpm.']) {
      expect(changeOfValue(text), text).toBeUndefined();
    }
  });
});
