import { describe, expect, it, vi } from 'vitest';
import { copyFileSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox } from '../../tests/helpers/sandbox.js';
import { withMemory } from '../memory/index.js';
import { distillSessions, recoverSessions } from './index.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'casts');

describe('work done later on a directory\'s memory (real SQLite files)', () => {
  it('processes session logs once, and reports a bad log with a typed reason', async () => {
    const sb = makeSandbox('cm-core');
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    copyFileSync(join(FIXTURES, 'ai-cli-en.cast'), join(sessions, 'ai-cli-en.cast'));
    writeFileSync(join(sessions, 'broken.cast'), '{"version":2,"width":"x","height":24}\n');
    await withMemory({ cwd: sb.project, env: sb.env }, async (m) => {
      expect(m.pending().sort()).toEqual(['ai-cli-en', 'broken']);
      const reports = await distillSessions(m);
      const byId = Object.fromEntries(reports.map((r) => [r.sessionId, r]));
      expect(byId['ai-cli-en']?.written).toBeGreaterThan(0);
      expect(byId['broken']?.skipped?.kind).toBe('bad-format');
      // Set aside: not pending any more, and not retried on every command.
      expect(m.pending()).toEqual([]);
      const again = await distillSessions(m, { session: 'ai-cli-en' });
      expect(again[0]?.skipped?.kind).toBe('already-processed');
      expect(m.list().some((x) => x.text.includes('pytest -q'))).toBe(true);
    });
  });

  it('recovers a log left behind when opened with recoverSessions, and only then', async () => {
    const sb = makeSandbox('cm-core');
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    copyFileSync(join(FIXTURES, 'ai-cli-zh.cast'), join(sessions, 'ai-cli-zh.cast'));
    await withMemory({ cwd: sb.project, env: sb.env }, (m) => expect(m.pending()).toEqual(['ai-cli-zh']));
    await withMemory({ cwd: sb.project, env: sb.env, recover: recoverSessions }, (m) => {
      expect(m.pending()).toEqual([]);
      expect(m.list().length).toBeGreaterThan(0);
    });
  });

  it('loads the next block\'s tokenizer as a distill starts, unless the logs are huge (their peak RSS)', async () => {
    const sb = makeSandbox('cm-core');
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    copyFileSync(join(FIXTURES, 'ai-cli-en.cast'), join(sessions, 'ai-cli-en.cast'));
    await withMemory({ cwd: sb.project, env: sb.env }, async (m) => {
      const preload = vi.spyOn(m, 'preloadWarm');
      await distillSessions(m);
      expect(preload).toHaveBeenCalledTimes(1);
      expect(m.preparesNextLaunch).toBe(true);
    });
    // A 65 MB log (sparse: its header alone is readable, the rest damaged): the block is still built, its tokenizer loaded at the end.
    writeFileSync(join(sessions, 'huge.cast'), '{"version":2,"width":80,"height":24,"timestamp":1700000000}\n');
    truncateSync(join(sessions, 'huge.cast'), 65 * 1024 * 1024);
    await withMemory({ cwd: sb.project, env: sb.env }, async (m) => {
      const preload = vi.spyOn(m, 'preloadWarm');
      await distillSessions(m, { session: 'huge' });
      expect(preload).not.toHaveBeenCalled();
      expect(m.preparesNextLaunch).toBe(true);
    });
  });
});
