import { afterAll, describe, expect, it } from 'vitest';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { cm } from '../helpers/cli.js';
import { lastToolResults, lastUserText, startAnthropicStandin, type MessagesBody } from '../helpers/anthropic-standin.mjs';
import { claudeEnv, hasRealClient } from '../helpers/real-clients.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

const TOOL = 'mcp__claude-mem__search';

describe.skipIf(!hasRealClient('claude'))('the real Claude Code calls the claude-mem MCP server that run registered', () => {
  it('a tool_use of search comes back as a tool_result holding the memory', async () => {
    const seen: string[] = [];
    const standin = await startAnthropicStandin((body: MessagesBody) => {
      const results = lastToolResults(body);
      if (results.length) {
        seen.push(JSON.stringify(results));
        return { text: 'Found it in memory.' };
      }
      const offered = (body.tools ?? []).some((t) => t.name === TOOL);
      if (offered && lastUserText(body).includes('what is our lint command')) return { toolUse: { name: TOOL, input: { query: 'lint command' } } };
      return { text: 'Sure.' };
    });
    try {
      const sb = makeSandbox('cm-real-mcp');
      const env = claudeEnv(sb, standin);
      expect(cm(['remember', 'This repo lints with ruff: run `ruff check src tests` from the root.'], { cwd: sb.project, env }).status).toBe(0);
      tmux.start('claude', `PATH='${env['PATH'] ?? ''}' ${process.execPath} ${CLI} run claude`, { cwd: sb.project, env, cols: 100, rows: 30 });
      await tmux.waitFor('claude', (s) => s.includes('❯'), 60_000);
      // MCP servers connect in the background; a first turn gives ours the time a person's would.
      await tmux.submit('claude', 'hello');
      await tmux.waitFor('claude', (s) => s.includes('Sure.'), 60_000);
      await new Promise((r) => setTimeout(r, 2000));
      await tmux.submit('claude', 'what is our lint command?');
      // Claude Code asks before it runs an MCP tool the first time: a person says yes.
      const screen = await tmux.waitFor('claude', (s) => s.includes('Found it in memory.') || /Do you want to proceed|Yes/.test(s), 60_000);
      if (!screen.includes('Found it in memory.')) {
        tmux.keys('claude', 'Enter');
        await tmux.waitFor('claude', (s) => s.includes('Found it in memory.'), 60_000);
      }
      expect(standin.requests.some((b) => (b.tools ?? []).some((t) => t.name === TOOL))).toBe(true);
      expect(seen.join('\n')).toContain('ruff check src tests');
      await tmux.submit('claude', '/exit');
      expect(await tmux.exitStatus('claude', 30_000)).toBe(0);
    } finally {
      await standin.close();
    }
  });
});
