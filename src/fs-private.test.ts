import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeFileFolder } from './fs-private.js';

describe('removeFileFolder', () => {
  it('removes a folder of files, one that holds a folder too, and says nothing of one already gone', () => {
    const root = mkdtempSync(join(tmpdir(), 'cm-rmf-'));
    const flat = join(root, 'flat');
    mkdirSync(flat);
    writeFileSync(join(flat, 'context.md'), 'block');
    writeFileSync(join(flat, 'other'), '');
    removeFileFolder(flat);
    expect(existsSync(flat)).toBe(false);
    const nested = join(root, 'nested');
    mkdirSync(join(nested, 'inner'), { recursive: true });
    writeFileSync(join(nested, 'inner', 'x'), '');
    removeFileFolder(nested);
    expect(existsSync(nested)).toBe(false);
    expect(() => removeFileFolder(join(root, 'never-was'))).not.toThrow();
  });
});
