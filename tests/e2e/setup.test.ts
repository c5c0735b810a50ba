import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, ROOT } from '../helpers/sandbox.js';
import { cm } from '../helpers/cli.js';

describe('claude-mem setup claude', () => {
  it('installs its hooks idempotently and --uninstall restores settings.json byte for byte', () => {
    const sb = makeSandbox('cm-setup');
    const settings = join(sb.home, '.claude', 'settings.json');
    mkdirSync(join(sb.home, '.claude'), { recursive: true });
    const original = '{\n    "model": "opus",\n    "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "audit"}]}]}\n}\n';
    writeFileSync(settings, original, { mode: 0o644 });
    chmodSync(settings, 0o644);
    const first = cm(['setup', 'claude'], { cwd: sb.project, env: sb.env });
    // The CLI's file keeps its mode, installed and restored.
    expect(statSync(settings).mode & 0o777).toBe(0o644);
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
    expect(statSync(settings).mode & 0o777).toBe(0o644);
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

describe('claude-mem setup codex', () => {
  it("adds its hooks and its MCP server block, once; --uninstall restores both files byte for byte, or takes out only its part", () => {
    const sb = makeSandbox('cm-setup-codex');
    const home = join(sb.home, '.codex');
    mkdirSync(home, { recursive: true });
    const config = join(home, 'config.toml');
    const hooks = join(home, 'hooks.json');
    const original = 'model = "gpt-5"\n\n[projects."/w"]\ntrust_level = "trusted"\n';
    writeFileSync(config, original);
    const first = cm(['setup', 'codex'], { cwd: sb.project, env: sb.env });
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/\+ hooks\.SessionStart: .* hook SessionStart --for codex/);
    expect(first.stdout).toContain('[mcp_servers.claude_mem]');
    expect(first.stdout).toContain('Trust all and continue');
    const toml = readFileSync(config, 'utf8');
    expect(toml.startsWith(original)).toBe(true);
    expect(toml).toMatch(/\[mcp_servers\.claude_mem\]\ncommand = ".*node.*"\nargs = \[".*main\.js", "mcp", "--agent", "codex"\]/);
    expect(cm(['setup', 'codex'], { cwd: sb.project, env: sb.env }).stdout).toContain('already set up');
    expect(readFileSync(config, 'utf8')).toBe(toml);

    const undo = cm(['setup', 'codex', '--uninstall'], { cwd: sb.project, env: sb.env });
    expect(undo.stdout).toContain(`restored ${config}`);
    expect(readFileSync(config, 'utf8')).toBe(original);
    expect(existsSync(hooks)).toBe(false);

    // Codex writes config.toml itself (trust records): uninstall then takes out only our block.
    expect(cm(['setup', 'codex'], { cwd: sb.project, env: sb.env }).status).toBe(0);
    const trust = '\n[hooks.state."/x/hooks.json:session_start:0:0"]\ntrusted_hash = "sha256:00"\n';
    writeFileSync(config, readFileSync(config, 'utf8') + trust);
    const undo2 = cm(['setup', 'codex', '--uninstall'], { cwd: sb.project, env: sb.env });
    expect(undo2.stdout).toContain("took out claude-mem's block only");
    expect(readFileSync(config, 'utf8')).toBe(original + trust);
  });

  it("leaves the user's own claude_mem server alone, and names a broken hooks.json", () => {
    const sb = makeSandbox('cm-setup-codex-own');
    const home = join(sb.home, '.codex');
    mkdirSync(home, { recursive: true });
    const own = '[mcp_servers.claude_mem]\ncommand = "my-own"\n';
    writeFileSync(join(home, 'config.toml'), own);
    const r = cm(['setup', 'codex'], { cwd: sb.project, env: sb.env });
    expect(r.stdout).toContain('you have an MCP server named claude_mem already');
    expect(readFileSync(join(home, 'config.toml'), 'utf8')).toBe(own);
    writeFileSync(join(home, 'hooks.json'), '{ nope');
    const bad = cm(['setup', 'codex'], { cwd: sb.project, env: sb.env });
    expect(bad.status).toBe(78);
    expect(bad.stderr).toMatch(/hooks\.json is not valid JSON .*fix it or move it aside/);
  });
});

describe('claude-mem setup gemini without gemini installed', () => {
  it('writes the extension and says in one line how to link it', () => {
    const sb = makeSandbox('cm-setup-gemini');
    const r = cm(['setup', 'gemini'], { cwd: sb.project, env: { ...sb.env, PATH: '/usr/bin:/bin' } });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/could not link it \(gemini is not on PATH\); once gemini runs here: gemini extensions link .*gemini-extension --consent/);
    const manifest = JSON.parse(readFileSync(join(sb.env['CLAUDE_MEM_DATA_DIR'] ?? '', 'gemini-extension', 'gemini-extension.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(manifest.mcpServers)).toEqual(['claude-mem']);
    expect(cm(['setup', 'gemini', '--uninstall'], { cwd: sb.project, env: { ...sb.env, PATH: '/usr/bin:/bin' } }).stdout).toContain('removed');
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

  it('runs as setup wrote it: the CommonJS entry spools SessionEnd and tool calls, caps a huge event, and hands SessionStart to the full CLI', () => {
    const sb = makeSandbox('cm-hook-cjs');
    expect(cm(['remember', 'The test command for this repo is `pytest -q`, run from the root.'], { cwd: sb.project, env: sb.env }).status).toBe(0);
    expect(cm(['setup', 'claude'], { cwd: sb.project, env: sb.env }).status).toBe(0);
    const settings = JSON.parse(readFileSync(join(sb.home, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
    const registered = (event: string): string => settings.hooks[event]?.[0]?.hooks[0]?.command ?? '';
    expect(registered('SessionEnd')).toMatch(/dist\/hook\/main\.cjs'? hook SessionEnd --for claude # claude-mem$/);
    // A tool-call hook a user adds beside ours runs the same command with its own event.
    const command = (event: string): string => registered(event) || registered('SessionEnd').replace('SessionEnd', event);
    const run = (event: string, input: string) => spawnSync('/bin/sh', ['-c', command(event)], { cwd: sb.project, env: sb.env, input, encoding: 'utf8' });

    const tool = run('PostToolUse', JSON.stringify({ session_id: 's-2', cwd: sb.project, tool_name: 'Bash', tool_input: { command: 'export STRIPE_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc && make check' }, tool_response: { stdout: 'token: ghp_abcdefghijklmnopqrstuvwxyz0123456789' }, prompt: 'my <private>therapist is Dr. Lindqvist-Haas</private>' }));
    expect(tool).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const huge = run('PostToolUse', JSON.stringify({ session_id: 's-2', tool_response: { stdout: 'x'.repeat(3 * 1024 * 1024) } }));
    expect(huge).toMatchObject({ status: 0, stdout: '' });
    expect(run('SessionEnd', JSON.stringify({ session_id: 's-2', cwd: sb.project, reason: 'exit' }))).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const lines = readFileSync(join(sb.home, 'data', 'hooks', 'claude-s-2.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event: string; input: Record<string, unknown> });
    expect(lines.map((l) => l.event)).toEqual(['PostToolUse', 'SessionEnd']);
    // Where and which session, never what was said or run: no prompt, tool input or output, no private text.
    expect(lines[0]?.input).toEqual({ session_id: 's-2', cwd: sb.project, tool_name: 'Bash' });
    const spooled = readFileSync(join(sb.home, 'data', 'hooks', 'claude-s-2.jsonl'), 'utf8');
    for (const never of ['sk_live_', 'ghp_', 'Lindqvist', 'make check']) expect(spooled).not.toContain(never);
    // The capped event is not JSON any more: it is spooled by name, under no session.
    expect(readFileSync(join(sb.home, 'data', 'hooks', 'claude-unknown.jsonl'), 'utf8')).toContain('"event":"PostToolUse","input":{}');

    // After claude-mem is gone (package removed, checkout moved), the hook exits 0 and says nothing.
    for (const gone of [process.execPath, join(ROOT, 'dist', 'hook', 'main.cjs')]) {
      const orphan = spawnSync('/bin/sh', ['-c', registered('SessionStart').replaceAll(gone, `${gone}-removed`)], { cwd: sb.project, env: sb.env, input: '{}', encoding: 'utf8' });
      expect(orphan).toMatchObject({ status: 0, stdout: '', stderr: '' });
    }
    const start = run('SessionStart', JSON.stringify({ session_id: 's-2', cwd: sb.project, hook_event_name: 'SessionStart', source: 'startup' }));
    expect(start.status).toBe(0);
    expect((JSON.parse(start.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext).toContain('pytest -q');
  });

  it('uninstall takes claude-mem out of every CLI it was set up in, keeps the memories, and says what is left', () => {
    const sb = makeSandbox('cm-uninstall');
    const o = { cwd: sb.project, env: sb.env };
    expect(cm(['remember', 'The test command is pytest -q'], o).status).toBe(0);
    for (const c of ['claude', 'codex', 'gemini']) expect(cm(['setup', c], o).status).toBe(0);
    expect(existsSync(join(sb.home, '.claude', 'settings.json'))).toBe(true);
    const r = cm(['uninstall'], o);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Claude Code: restored/);
    expect(r.stdout).toMatch(/npm uninstall -g claude-mem/);
    expect(existsSync(join(sb.home, '.claude', 'settings.json'))).toBe(false);
    const codexHooks = join(sb.home, '.codex', 'hooks.json');
    expect(existsSync(codexHooks) ? readFileSync(codexHooks, 'utf8') : '').not.toContain('claude-mem');
    expect(r.stdout).toMatch(/Gemini CLI: /);
    expect(cm(['list'], o).stdout).toContain('pytest -q');
  });
});
