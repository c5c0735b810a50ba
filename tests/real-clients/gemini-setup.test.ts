import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { cm, listJson, poll } from '../helpers/cli.js';
import { lastGeminiUserText, startGeminiStandin, type GeminiBody } from '../helpers/gemini-standin.mjs';
import { geminiEnv, hasRealClient } from '../helpers/real-clients.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

const FLAGS = 'Feature flags live in config/flags.yaml; the loader reloads it every 60 seconds.';
const READY = (s: string): boolean => s.includes('Type your message');

describe.skipIf(!hasRealClient('gemini'))('setup gemini, then plain and wrapped Gemini CLI sessions', () => {
  it('links an extension whose hook hands the block over (no XML tags) and whose server offers search; the session is imported at its end', async () => {
    const standin = await startGeminiStandin((body: GeminiBody) => (lastGeminiUserText(body).includes('feature flags') ? { text: FLAGS } : { text: 'Sure.' }));
    const sb = makeSandbox('cm-real-gemini-setup');
    try {
      const env = geminiEnv(sb, standin);
      const settings = join(sb.home, '.gemini', 'settings.json');
      expect(cm(['remember', 'The test command for this repo is `pytest -q`, run from the root.'], { cwd: sb.project, env }).status).toBe(0);
      const setup = cm(['setup', 'gemini'], { cwd: sb.project, env });
      expect(setup.status).toBe(0);
      expect(setup.stdout).toContain('linked it into Gemini CLI');
      expect(cm(['setup', 'gemini'], { cwd: sb.project, env }).stdout).toContain('already linked');

      tmux.start('plain', `PATH='${env['PATH'] ?? ''}' gemini`, { cwd: sb.project, env, cols: 100, rows: 30 });
      await tmux.waitFor('plain', READY, 60_000);
      // Gemini takes a prompt before its SessionStart hooks finish; their context joins the history when they do.
      await new Promise((r) => setTimeout(r, 2500));
      await tmux.submit('plain', 'where do the feature flags live?');
      await tmux.waitFor('plain', (s) => s.includes('reloads it every 60') && READY(s), 60_000);
      const turn = standin.requests.find((b) => lastGeminiUserText(b).includes('feature flags'));
      const sent = JSON.stringify(turn ?? {});
      expect(sent).toContain('pytest -q');
      expect(sent).toContain('claude-mem: memory from earlier sessions');
      expect(sent).not.toContain('claude-mem-context');
      // The extension's MCP server is offered to the model as a tool.
      const tools = JSON.stringify((turn as { tools?: unknown } | undefined)?.tools ?? []);
      expect(tools).toContain('"name":"mcp_claude-mem_search"');
      expect(tools).toContain('"name":"mcp_claude-mem_get"');
      // Without the wrapper, the marker goes to Gemini's own shell mode ("!"): the chat keeps it.
      await tmux.submit('plain', '!记得 release tags are signed, use git tag -s');
      await tmux.waitFor('plain', (s) => s.includes('command not found'), 30_000);
      tmux.keys('plain', 'Escape');
      await new Promise((r) => setTimeout(r, 500));
      await tmux.submit('plain', '/quit');
      expect(await tmux.exitStatus('plain', 30_000)).toBe(0);
      const memories = await poll(
        () => listJson({ cwd: sb.project, env }),
        (ms) => ms.some((m) => m.text.includes('config/flags.yaml')) && ms.some((m) => m.text.includes('git tag -s')),
        30_000,
      );
      expect(memories.find((m) => m.text.includes('config/flags.yaml'))?.agent).toBe('gemini');
      expect(memories.find((m) => m.text.includes('git tag -s'))).toMatchObject({ type: 'project', text: 'release tags are signed, use git tag -s' });

      // Wrapped: the hook hands the block over, so run types no visible first prompt.
      const n = standin.requests.length;
      tmux.start('wrapped', `PATH='${env['PATH'] ?? ''}' ${process.execPath} ${CLI} run gemini`, { cwd: sb.project, env, cols: 100, rows: 30 });
      await tmux.waitFor('wrapped', READY, 60_000);
      await new Promise((r) => setTimeout(r, 2500));
      expect(standin.requests.length).toBe(n);
      await tmux.submit('wrapped', 'where do the feature flags live?');
      await tmux.waitFor('wrapped', (s) => s.includes('reloads it every 60') && READY(s), 60_000);
      // Handed over once: by the hook, not by run as well.
      const wrappedTurn = standin.requests.slice(n).find((b) => lastGeminiUserText(b).includes('feature flags'));
      expect(JSON.stringify(wrappedTurn ?? {}).split('pytest -q').length - 1).toBe(1);
      await tmux.submit('wrapped', '/quit');
      expect(await tmux.exitStatus('wrapped', 30_000)).toBe(0);

      expect(cm(['setup', 'gemini', '--uninstall'], { cwd: sb.project, env }).stdout).toContain('unlinked');
      expect(existsSync(join(sb.home, '.gemini', 'extensions', 'claude-mem'))).toBe(false);
      // Nothing of claude-mem was ever in the user's settings (Gemini itself rewrites them).
      expect(readFileSync(settings, 'utf8')).not.toContain('claude-mem');
    } finally {
      await standin.close();
    }
  });
});
