import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileCountMemo } from './token-memo.js';

const dir = (): string => mkdtempSync(join(tmpdir(), 'cm-memo-'));

describe('FileCountMemo', () => {
  it('keeps counts across processes, by hash, not by text', () => {
    const d = dir();
    const a = FileCountMemo.load(d);
    a.set('1.', 2);
    a.set(' [project] 发布前必须先跑 make check\n', 14);
    a.save();
    const text = readFileSync(join(d, 'token-counts.json'), 'utf8');
    expect(text).not.toContain('make check');
    const b = FileCountMemo.load(d);
    expect(b.get(' [project] 发布前必须先跑 make check\n')).toBe(14);
    expect(b.get('2.')).toBeUndefined();
  });

  it('starts empty on a damaged or foreign file, and writes a good one over it', () => {
    for (const bad of ['not json', '{"v":1,"counts":{}}', '{"v":3,"salt":"","keys":"x y z","values":[-1,"3",1.5]}', '{"v":3,"salt":"","keys":"x y","values":[1]}', '[]']) {
      const d = dir();
      writeFileSync(join(d, 'token-counts.json'), bad);
      const m = FileCountMemo.load(d);
      expect(m.get('x')).toBeUndefined();
      m.set('line\n', 2);
      m.save();
      expect(FileCountMemo.load(d).get('line\n')).toBe(2);
    }
  });

  it('never throws when the folder cannot be written', () => {
    // A file where the folder should be: no write can succeed, root or not.
    const d = join(dir(), 'not-a-folder');
    writeFileSync(d, '');
    const m = FileCountMemo.load(d);
    m.set('line\n', 2);
    expect(() => m.save()).not.toThrow();
    expect(FileCountMemo.load(d).get('line\n')).toBeUndefined();
  });
});
