import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox } from '../../tests/helpers/sandbox.js';
import { openMemory, withMemory, type Notices } from './index.js';
import { branchFromHead, subjectsFromReflog } from './launch-facts.js';

function collect(): Notices & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (l) => lines.push(`info ${l}`), warn: (l) => lines.push(`warn ${l}`), error: (l) => lines.push(`error ${l}`) };
}

describe('the memory of a directory (library core, real SQLite files)', () => {
  it('remembers, searches, lists, builds the block and forgets, in both languages', async () => {
    const sb = makeSandbox('cm-core');
    const notices = collect();
    await withMemory({ cwd: sb.project, env: sb.env, notices }, async (m) => {
      expect((await m.remember('I prefer answers in Chinese, code comments in English')).type).toBe('global');
      const p = await m.remember('The test command for this repo is `pytest -q`');
      expect(p).toMatchObject({ type: 'project', result: { action: 'inserted' } });
      await m.remember('日志统一使用 JSON 格式，字段名用 snake_case', { type: 'project' });
      const { hits } = await m.search('日志格式');
      expect(hits[0]?.memory.text).toContain('日志统一使用 JSON 格式');
      expect(m.list().map((x) => x.type).sort()).toEqual(['global', 'project', 'project']);
      const block = await m.context();
      expect(block.text).toContain('pytest -q');
      expect(block.text.indexOf('I prefer answers')).toBeLessThan(block.text.indexOf('pytest -q'));
      const id = p.result.id ?? '';
      expect(m.forget(id)?.memory.text).toContain('pytest -q');
      expect(m.get(id)).toBeUndefined();
      expect(m.forget(id)).toBeUndefined();
      expect(m.status().by_type).toEqual({ global: 1, project: 1 });
    });
    // The lexical fallback is said once per user data dir, not per open.
    await withMemory({ cwd: sb.project, env: sb.env, notices }, () => undefined);
    expect(notices.lines.filter((l) => l.includes('lexical vectors'))).toHaveLength(1);
  });

  it('honours thresholds the user set, on every path', async () => {
    const sb = makeSandbox('cm-core');
    writeFileSync(join(sb.project, 'claude-mem.yaml'), 'retrieval:\n  similarity_threshold: 0\n');
    const m = await openMemory({ cwd: sb.project, env: sb.env });
    try {
      expect(m.stores.thresholds.retrieval).toBe(0);
    } finally {
      m.close();
    }
  });
});

describe('launch facts from .git', () => {
  it('reads the branch and the newest commit subjects without running git', () => {
    expect(branchFromHead('ref: refs/heads/feature/orders-index\n')).toBe('feature/orders-index');
    expect(branchFromHead('3f2a9c0d\n')).toBeUndefined();
    const reflog = [
      '0000 1111 A <a@b> 1700000000 +0000\tcommit (initial): first commit',
      '1111 2222 A <a@b> 1700000100 +0000\tcheckout: moving from main to x',
      '2222 3333 A <a@b> 1700000200 +0000\tcommit: add create_time index to orders',
      '3333 4444 A <a@b> 1700000300 +0000\tcommit (amend): fix the migration',
    ].join('\n');
    expect(subjectsFromReflog(reflog)).toEqual(['fix the migration', 'add create_time index to orders', 'first commit']);
  });
});
