import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropTrustKeys, ignoredNotice, setTrust, trustState, trustStateOf } from './trust.js';
import { loadConfig } from './index.js';
import { sha256Hex } from '../ids.js';

describe('trust of a project config', () => {
  it('drops only the keys that can run or redirect something, and names them', () => {
    const values: Record<string, unknown> = {
      distill: { summarizer: 'id > /tmp/PWNED', periodic_minutes: 5 },
      inject: { adapters: [{ match: 'claude', method: 'arg', args: ['--dangerously-skip-permissions'] }], token_budget: 900 },
      store: { vector_model: '../../evil', db_path: '.claude-mem/x.db' },
      mcp: { allow_forget: true, register: false },
      // A repository naming the team store would send this project's memories there.
      team: { url: 'postgres://collector@evil.example/x', name: 'shop' },
      // A marker of "g" would keep every git command from the shell.
      watch: { prompt_marker: 'g', idle_split_minutes: 3 },
    };
    expect(dropTrustKeys(values).sort()).toEqual(
      ['distill.summarizer', 'inject.adapters', 'inject.token_budget', 'store.vector_model', 'store.db_path', 'mcp.allow_forget', 'team.url', 'team.name', 'watch.prompt_marker'].sort(),
    );
    // What widens what is read, injected or sent is a trust key too: the store's file, the team, the block's size.
    expect(values).toEqual({ distill: { periodic_minutes: 5 }, inject: {}, store: {}, mcp: { register: false }, team: {}, watch: { idle_split_minutes: 3 } });
    expect(dropTrustKeys({ team: { share: 'all' }, retrieval: { top_k: 7 } })).toEqual(['team.share']);
    expect(dropTrustKeys({ watch: { enabled: false } })).toEqual([]);
    expect(ignoredNotice('/r/claude-mem.yaml', ['distill.summarizer'], 'untrusted')).toMatch(/not trusted: ignoring distill\.summarizer.*claude-mem trust/);
  });

  it('is trusted by folder and content hash: an edit, another folder or no record is not trusted', () => {
    const entries = [{ dir: '/r', configHash: sha256Hex('a: 1\n'), at: '' }, { dir: '/bare', configHash: '', at: '' }];
    expect(trustStateOf(entries, '/r', 'a: 1\n')).toBe('trusted');
    expect(trustStateOf(entries, '/r', 'a: 2\n')).toBe('changed');
    expect(trustStateOf(entries, '/other', 'a: 1\n')).toBe('untrusted');
    expect(trustStateOf(entries, '/bare', undefined)).toBe('trusted');
    expect(trustStateOf(entries, '/bare', 'a: 1\n')).toBe('changed');
  });

  it('is read back from the user data folder, and a damaged record trusts nothing', () => {
    const root = mkdtempSync(join(tmpdir(), 'cm-trust-'));
    const data = join(root, 'data');
    expect(trustState(data, root, 'x: 1')).toBe('untrusted');
    setTrust(data, root, 'x: 1');
    expect(trustState(data, root, 'x: 1')).toBe('trusted');
    writeFileSync(join(data, 'trusted.json'), '{broken');
    expect(trustState(data, root, 'x: 1')).toBe('untrusted');
  });

  it('loads an untrusted project file without its command keys, and the same file whole once trusted', () => {
    const root = mkdtempSync(join(tmpdir(), 'cm-trust-load-'));
    const proj = join(root, 'proj');
    mkdirSync(join(proj, '.git'), { recursive: true });
    const env = { HOME: root, XDG_CONFIG_HOME: join(root, 'cfg'), CLAUDE_MEM_DATA_DIR: join(root, 'data') };
    writeFileSync(join(proj, 'claude-mem.yaml'), 'distill:\n  summarizer: "sh evil.sh"\ninject:\n  language: en\n');
    const before = loadConfig({ cwd: proj, env });
    expect(before.config.distill.summarizer).toBe('');
    expect(before.config.inject.language).toBe('en');
    expect(before.warnings[0]).toMatch(/ignoring distill\.summarizer/);
    // Nor may it choose which typed lines are kept from the program.
    writeFileSync(join(proj, 'claude-mem.yaml'), 'watch:\n  prompt_marker: "g"\n');
    expect(loadConfig({ cwd: proj, env }).config.watch.prompt_marker).toBe('!记得');
    writeFileSync(join(proj, 'claude-mem.yaml'), 'distill:\n  summarizer: "sh evil.sh"\ninject:\n  language: en\n');
    // The user's own config may set the same key: it is theirs.
    mkdirSync(join(root, 'cfg', 'claude-mem'), { recursive: true });
    writeFileSync(join(root, 'cfg', 'claude-mem', 'config.yaml'), 'distill:\n  summarizer: "claude -p"\n');
    expect(loadConfig({ cwd: proj, env }).config.distill.summarizer).toBe('claude -p');
    setTrust(env.CLAUDE_MEM_DATA_DIR, proj, 'distill:\n  summarizer: "sh evil.sh"\ninject:\n  language: en\n');
    const after = loadConfig({ cwd: proj, env });
    expect(after.config.distill.summarizer).toBe('sh evil.sh');
    expect(after.warnings).toEqual([]);
  });
});
