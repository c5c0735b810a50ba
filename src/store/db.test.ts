import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeErrorFrom } from './db.js';
import { StoreError } from '../errors.js';

describe('storeErrorFrom', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'cm-dberr-')), 'mem.db');

  it('says what to do for each kind of SQLite failure', () => {
    expect(storeErrorFrom({ code: 'SQLITE_FULL' }, path)?.failure).toBe('full');
    expect(storeErrorFrom({ code: 'ENOSPC' }, path)?.message).toContain('is full. Free some space');
    expect(storeErrorFrom({ code: 'SQLITE_BUSY' }, path, 2000)?.message).toContain('locked by another process for 2 s');
    expect(storeErrorFrom({ code: 'SQLITE_NOTADB' }, path)?.failure).toBe('corrupt');
    expect(storeErrorFrom({ code: 'EROFS' }, path)?.failure).toBe('readonly');
    expect(storeErrorFrom(new Error('something else'), path)).toBeUndefined();
  });

  it('turns every extended I/O error into one line (full only when the disk is: a tmpfs test shows that case)', () => {
    for (const code of ['SQLITE_IOERR', 'SQLITE_IOERR_SHMSIZE', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC']) {
      const e = storeErrorFrom({ code }, path);
      expect(e).toBeInstanceOf(StoreError);
      expect(e?.message).toBe(`cannot write the memory store ${path} (${code}). Check that its directory exists and is writable.`);
    }
  });
});
