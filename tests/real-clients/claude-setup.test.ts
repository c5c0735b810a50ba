import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { cm, listJson, poll } from '../helpers/cli.js';
import { lastUserText, startAnthropicStandin, type MessagesBody } from '../helpers/anthropic-standin.mjs';
import { claudeEnv, hasRealClient } from '../helpers/real-clients.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

describe.skipIf(!hasRealClient('claude'))('setup claude, then a plain claude session (not wrapped)', () => {
  it('hands the memory block over through the SessionStart hook and imports the session at its end', async () => {
    const standin = await startAnthropicStandin((body: MessagesBody) =>
      lastUserText(body).includes('where do the feature flags live')
        ? { text: 'Feature flags live in config/flags.yaml; the loader reloads it every 60 seconds.' }
        : { text: 'Sure.' },
    );
    try {
      const sb = makeSandbox('cm-real-setup');
      const env = claudeEnv(sb, standin);
      expect(cm(['remember', 'The test command for this repo is `pytest -q`, run from the root.'], { cwd: sb.project, env }).status).toBe(0);
      const settings = join(sb.home, '.claude', 'settings.json');
      const setup = cm(['setup', 'claude'], { cwd: sb.project, env });
      expect(setup.status).toBe(0);
      expect(setup.stdout).toContain("+ MCP server claude-mem in Claude Code's user config");
      const userConfig = (): { mcpServers?: Record<string, unknown> } => JSON.parse(readFileSync(join(sb.home, '.claude.json'), 'utf8')) as { mcpServers?: Record<string, unknown> };
      expect(Object.keys(userConfig().mcpServers ?? {})).toContain('claude-mem');
      tmux.start('claude', `PATH='${env['PATH'] ?? ''}' claude`, { cwd: sb.project, env, cols: 100, rows: 30 });
      await tmux.waitFor('claude', (s) => s.includes('❯'), 60_000);
      // Claude Code connects MCP servers in the background: a prompt typed at once may go before the tools are listed.
      await new Promise((r) => setTimeout(r, 2500));
      await tmux.submit('claude', 'where do the feature flags live?');
      await tmux.waitFor('claude', (s) => s.includes('reloads it every 60'), 60_000);
      // The block arrived as a message of the conversation, from the hook.
      expect(standin.requests.some((b) => JSON.stringify(b.messages ?? []).includes('pytest -q'))).toBe(true);
      // The server setup added is offered to the model, and the block names its search tool.
      expect(standin.requests.some((b) => (b.tools ?? []).some((t) => t.name === 'mcp__claude-mem__search'))).toBe(true);
      expect(standin.requests.some((b) => JSON.stringify(b.messages ?? []).includes('mcp__claude-mem__search'))).toBe(true);
      await tmux.submit('claude', '/exit');
      expect(await tmux.exitStatus('claude', 30_000)).toBe(0);
      const memories = await poll(
        () => listJson({ cwd: sb.project, env }),
        (ms) => ms.some((m) => m.text.includes('config/flags.yaml')),
        30_000,
      );
      expect(memories.find((m) => m.text.includes('config/flags.yaml'))?.type).toBe('project');
      const undo = cm(['setup', 'claude', '--uninstall'], { cwd: sb.project, env });
      expect(undo.status).toBe(0);
      expect(() => readFileSync(settings, 'utf8')).toThrow();
      expect(Object.keys(userConfig().mcpServers ?? {})).not.toContain('claude-mem');
    } finally {
      await standin.close();
    }
  });
});
