import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox } from '../helpers/sandbox.js';
import { cm } from '../helpers/cli.js';

describe('claude-mem setup claude', () => {
  it('installs its hooks idempotently and --uninstall restores settings.json byte for byte', () => {
    const sb = makeSandbox('cm-setup');
    const settings = join(sb.home, '.claude', 'settings.json');
    mkdirSync(join(sb.home, '.claude'), { recursive: true });
    const original = '{\n    "model": "opus",\n    "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "audit"}]}]}\n}\n';
    writeFileSync(settings, original);
    const first = cm(['setup', 'claude'], { cwd: sb.project, env: sb.env });
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/\+ hooks\.SessionStart: .* hook SessionStart --for claude/);
    const after = JSON.parse(readFileSync(settings, 'utf8')) as { model: string; hooks: Record<string, unknown[]> };
    expect(after.model).toBe('opus');
    expect(after.hooks['PreToolUse']).toHaveLength(1);
    expect(after.hooks['SessionEnd']).toHaveLength(1);
    const again = cm(['setup', 'claude'], { cwd: sb.project, env: sb.env });
    expect(again.stdout).toContain('already set up');
    const undo = cm(['setup', 'claude', '--uninstall'], { cwd: sb.project, env: sb.env });
    expect(undo.stdout).toContain('restored');
    expect(readFileSync(settings, 'utf8')).toBe(original);
  });

  it('leaves no file behind where there was none, keeps later user edits, and names a broken file', () => {
    const sb = makeSandbox('cm-setup-none');
    const settings = join(sb.home, '.claude', 'settings.json');
    expect(cm(['setup', 'claude'], { cwd: sb.project, env: sb.env }).status).toBe(0);
    expect(cm(['setup', 'claude', '--uninstall'], { cwd: sb.project, env: sb.env }).status).toBe(0);
    expect(existsSync(settings)).toBe(false);

    expect(cm(['setup', 'claude'], { cwd: sb.project, env: sb.env }).status).toBe(0);
    const edited = JSON.parse(readFileSync(settings, 'utf8')) as Record<string, unknown>;
    writeFileSync(settings, JSON.stringify({ ...edited, theme: 'dark' }));
    const undo = cm(['setup', 'claude', '--uninstall'], { cwd: sb.project, env: sb.env });
    expect(undo.stdout).toContain("took out claude-mem's hooks only");
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({ theme: 'dark' });

    writeFileSync(settings, '{ broken');
    const bad = cm(['setup', 'claude'], { cwd: sb.project, env: sb.env });
    expect(bad.status).toBe(78);
    expect(bad.stderr).toMatch(/settings\.json is not valid JSON .*fix it or move it aside/);
    expect(readFileSync(settings, 'utf8')).toBe('{ broken');
    expect(cm(['setup', 'vim'], { cwd: sb.project, env: sb.env }).status).toBe(2);
  });
});

describe('claude-mem hook', () => {
  it('hands the block over at SessionStart, spools every event, exits 0 on anything, and does nothing inside run', () => {
    const sb = makeSandbox('cm-hook');
    expect(cm(['remember', 'The test command for this repo is `pytest -q`, run from the root.'], { cwd: sb.project, env: sb.env }).status).toBe(0);
    const input = JSON.stringify({ session_id: 's-1', cwd: sb.project, hook_event_name: 'SessionStart', source: 'startup' });
    const r = cm(['hook', 'SessionStart'], { cwd: sb.home, env: sb.env, input });
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    expect(out.hookSpecificOutput.hookEventName).toBe('SessionStart');
    expect(out.hookSpecificOutput.additionalContext).toContain('pytest -q');
    const spool = readFileSync(join(sb.home, 'data', 'hooks', 'claude-s-1.jsonl'), 'utf8');
    expect(spool).toContain('"event":"SessionStart"');
    for (const garbage of ['not json', '\u0000\u00ff', '']) {
      const g = cm(['hook', 'PostToolUse'], { cwd: sb.project, env: sb.env, input: garbage });
      expect(g.status).toBe(0);
      expect(g.stdout).toBe('');
    }
    const wrapped = cm(['hook', 'SessionStart'], { cwd: sb.home, env: { ...sb.env, CLAUDE_MEM_SESSION_ID: 'x' }, input });
    expect(wrapped).toMatchObject({ status: 0, stdout: '' });
  });
});
