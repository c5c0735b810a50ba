import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { cm, listJson, poll } from '../helpers/cli.js';
import { lastResponsesUserText, startOpenAIStandin, type ResponsesBody } from '../helpers/openai-standin.mjs';
import { codexEnv, hasRealClient, killCodexDaemons } from '../helpers/real-clients.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

const FLAGS = 'Feature flags live in config/flags.yaml; the loader reloads it every 60 seconds.';
const READY = (s: string): boolean => s.includes('OpenAI Codex') && s.includes('›');

/**
 * What a person sees of Codex's mode: its warnings and the exit text, without
 * ids and times. The PATH-aliases warning is the sandbox's (CODEX_HOME under
 * /tmp), printed before the TUI and only sometimes still on screen.
 */
function modeLines(screen: string): string[] {
  return screen
    .split('\n')
    .filter((l) => /warning|shared background server|embedded|To continue this session|codex resume/i.test(l) && !/PATH aliases/.test(l))
    .map((l) => l.replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/g, '<id>').replace(/\/tmp\/[\w.-]+/g, '<tmp>').trim());
}

describe.skipIf(!hasRealClient('codex'))('setup codex, then plain and wrapped Codex sessions', () => {
  it('hands the block over through its trusted SessionStart hook, imports the session, and leaves Codex in its own mode under run', async () => {
    const standin = await startOpenAIStandin((body: ResponsesBody) => (lastResponsesUserText(body).includes('feature flags') ? { text: FLAGS } : { text: 'Sure.' }));
    const sb = makeSandbox('cm-real-codex-setup');
    try {
      const env = codexEnv(sb, standin);
      const config = join(sb.home, '.codex', 'config.toml');
      const before = readFileSync(config, 'utf8');
      expect(cm(['remember', 'The test command for this repo is `pytest -q`, run from the root.'], { cwd: sb.project, env }).status).toBe(0);
      const setup = cm(['setup', 'codex'], { cwd: sb.project, env });
      expect(setup.status).toBe(0);
      expect(setup.stdout).toContain('Trust all and continue');

      // A plain codex: it asks once to trust the new hooks, as setup said.
      const plain = `PATH='${env['PATH'] ?? ''}' codex`;
      tmux.start('plain', plain, { cwd: sb.project, env, cols: 110, rows: 32 });
      await tmux.waitFor('plain', (s) => s.includes('Trust all and continue'), 60_000);
      // Move to "2. Trust all and continue" and press Enter only once the cursor is seen there.
      await new Promise((r) => setTimeout(r, 500));
      tmux.keys('plain', 'Down');
      await tmux.waitFor('plain', (s) => /›\s*2\. Trust all and continue/.test(s), 10_000);
      tmux.keys('plain', 'Enter');
      await tmux.waitFor('plain', READY, 60_000);
      await new Promise((r) => setTimeout(r, 1000));
      await tmux.submit('plain', 'where do the feature flags live?');
      await tmux.waitFor('plain', (s) => s.includes('reloads it every 60'), 60_000);
      // The block arrived from the hook, with the search tool of the MCP server setup registered.
      // (Codex also asks for a title, without tools: the turn itself is the request with tools.)
      const turn = standin.requests.filter((b) => (b.tools ?? []).length > 0).at(-1);
      const sent = JSON.stringify(turn?.input ?? []);
      expect(sent).toContain('pytest -q');
      expect(sent).toContain('claude_mem.search');
      expect((turn?.tools ?? []).map((t) => t.name).join(' ')).toMatch(/claude_mem/);
      await tmux.submit('plain', '/quit', 500);
      expect(await tmux.exitStatus('plain', 30_000)).toBe(0);

      // The next plain session imports the ones before it at its start (its first turn: Codex
      // starts a session lazily), as its background server may end them late or never.
      tmux.start('plain2', plain, { cwd: sb.project, env, cols: 110, rows: 32 });
      await tmux.waitFor('plain2', READY, 60_000);
      await new Promise((r) => setTimeout(r, 1000));
      await tmux.submit('plain2', 'hello');
      await tmux.waitFor('plain2', (s) => s.includes('Sure.'), 60_000);
      await tmux.submit('plain2', '/quit', 500);
      expect(await tmux.exitStatus('plain2', 30_000)).toBe(0);
      const direct = modeLines(tmux.capture('plain2'));
      const memories = await poll(
        () => listJson({ cwd: sb.project, env }),
        (ms) => ms.some((m) => m.text.includes('config/flags.yaml')),
        30_000,
      );
      expect(memories.find((m) => m.text.includes('config/flags.yaml'))?.agent).toBe('codex');

      // Wrapped, now that the hooks are trusted: no -c at all, so Codex shows what a direct run shows.
      const n = standin.requests.length;
      tmux.start('wrapped', `PATH='${env['PATH'] ?? ''}' ${process.execPath} ${CLI} run codex`, { cwd: sb.project, env, cols: 110, rows: 32 });
      await tmux.waitFor('wrapped', READY, 60_000);
      await new Promise((r) => setTimeout(r, 1000));
      await tmux.submit('wrapped', 'where do the feature flags live?');
      await tmux.waitFor('wrapped', (s) => s.includes('reloads it every 60'), 60_000);
      // Handed over once: by the hook, not by run as well.
      const wrappedTurn = standin.requests.slice(n).filter((b) => (b.tools ?? []).length > 0).at(-1);
      expect(JSON.stringify(wrappedTurn?.input ?? []).split('pytest -q').length - 1).toBe(1);
      await tmux.submit('wrapped', '/quit', 500);
      expect(await tmux.exitStatus('wrapped', 30_000)).toBe(0);
      const wrapped = modeLines(tmux.capture('wrapped'));
      expect(wrapped.join('\n')).not.toMatch(/shared background server/);
      expect(wrapped).toEqual(direct);

      const undo = cm(['setup', 'codex', '--uninstall'], { cwd: sb.project, env });
      expect(undo.status).toBe(0);
      // Codex wrote its trust records into config.toml since: only our block comes out.
      expect(readFileSync(config, 'utf8')).not.toContain('claude-mem');
      expect(readFileSync(config, 'utf8').startsWith(before.trimEnd())).toBe(true);
    } finally {
      killCodexDaemons(sb);
      await standin.close();
    }
  });
});
