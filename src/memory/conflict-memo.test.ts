import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileConflictMemo, forgetConflicts } from './conflict-memo.js';

const dir = (): string => mkdtempSync(join(tmpdir(), 'cm-conflicts-'));

describe('FileConflictMemo', () => {
  it('keeps decisions across processes under the same embedder and threshold only', () => {
    const d = dir();
    const a = FileConflictMemo.load(d, 'lexical-v1 0.9');
    a.set('pair-a', true);
    a.set('pair-b', false);
    a.save();
    const b = FileConflictMemo.load(d, 'lexical-v1 0.9');
    expect(b.get('pair-a')).toBe(true);
    expect(b.get('pair-b')).toBe(false);
    expect(b.get('pair-c')).toBeUndefined();
    // Another embedder or threshold decides otherwise: nothing is read.
    expect(FileConflictMemo.load(d, 'Xenova/all-MiniLM-L6-v2 0.83').get('pair-a')).toBeUndefined();
  });

  it('starts empty on a damaged or foreign file, writes a good one over it, and is gone after forgetConflicts', () => {
    for (const bad of ['not json', '[]', '{"v":1,"salt":"s","keys":"x y z","values":[2,"1",true]}']) {
      const d = dir();
      writeFileSync(join(d, 'conflict-pairs.json'), bad);
      const m = FileConflictMemo.load(d, 's');
      expect(m.get('x')).toBeUndefined();
      m.set('x', true);
      m.save();
      expect(JSON.parse(readFileSync(join(d, 'conflict-pairs.json'), 'utf8'))).toMatchObject({ v: 1, salt: 's', keys: 'x', values: [1] });
      expect(FileConflictMemo.load(d, 's').get('x')).toBe(true);
      forgetConflicts(d);
      expect(existsSync(join(d, 'conflict-pairs.json'))).toBe(false);
    }
  });

  it('never throws when the folder cannot be written', () => {
    const d = join(dir(), 'not-a-folder');
    writeFileSync(d, '');
    const m = FileConflictMemo.load(d, 's');
    m.set('x', true);
    expect(() => m.save()).not.toThrow();
    expect(() => forgetConflicts(d)).not.toThrow();
  });
});

describe('FileConflictMemo in a folder that does not exist', () => {
  it('saves nothing rather than create the folder', () => {
    const d = join(dir(), 'no-project-here', '.claude-mem');
    const m = FileConflictMemo.load(d, 's');
    m.set('x', true);
    m.save();
    expect(existsSync(d)).toBe(false);
  });
});
