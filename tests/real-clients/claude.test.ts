import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, CLI, ROOT } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { listJson, poll } from '../helpers/cli.js';
import { castsIn } from '../helpers/casts.js';
import { lastUserText, startAnthropicStandin, type MessagesBody } from '../helpers/anthropic-standin.mjs';
import { claudeEnv, hasRealClient, scriptedAnswer, MARKER_LINE, expectScriptedMemories } from '../helpers/real-clients.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

const reply = (body: MessagesBody): { text: string } => scriptedAnswer(lastUserText(body));

const systemText = (b: MessagesBody): string => (typeof b.system === 'string' ? b.system : JSON.stringify(b.system ?? ''));

describe.skipIf(!hasRealClient('claude'))('the real Claude Code under claude-mem, against a stand-in model API', () => {
  it('remembers the answers and the marker, no chrome, and hands them to the next launch', async () => {
    const standin = await startAnthropicStandin(reply);
    try {
      const sb = makeSandbox('cm-real-claude');
      const env = claudeEnv(sb, standin);
      // tmux keeps its own PATH for the pane; set it in the command.
      const run = `PATH='${env['PATH']}' ${process.execPath} ${CLI} run claude`;
      tmux.start('claude', run, { cwd: sb.project, env, cols: 100, rows: 30 });
      await tmux.waitFor('claude', (s) => s.includes('❯'), 60_000);
      const ask = async (line: string, answered: string): Promise<void> => {
        await tmux.submit('claude', line);
        await tmux.waitFor('claude', (s) => s.includes(answered), 60_000);
      };
      await ask('how do I run the linter here?', 'rewrites files in');
      await ask('本地怎么启动这个服务？', '3000 端口');
      await tmux.submit('claude', MARKER_LINE);
      await new Promise((r) => setTimeout(r, 500));
      await ask('ok', 'Sure.');
      const screen = tmux.capture('claude');
      // The marker was neither run in bash mode nor sent to the model.
      expect(screen).not.toMatch(/command not found|bash mode/i);
      expect(standin.requests.some((b) => lastUserText(b).includes('release tags are signed'))).toBe(false);
      await tmux.submit('claude', '/exit');
      expect(await tmux.exitStatus('claude', 30_000)).toBe(0);

      const memories = await poll(
        () => listJson({ cwd: sb.project, env }),
        (ms) => ms.some((m) => m.text.includes('ruff check src tests')) && ms.some((m) => m.text.includes('make dev')),
        30_000,
      );
      // Claude Code's chrome never becomes a memory.
      expectScriptedMemories(memories, /Cogitated|Churned|for shortcuts|\/context|Resume this session|Claude Code v|esc to interrupt|[✻⎿●❯]/);

      // Golden fixture for the unit tests, refreshed by this run.
      if (process.env['CLAUDE_MEM_UPDATE_GOLDEN'] === '1') {
        const [log] = castsIn(sb.project);
        if (log) {
          mkdirSync(join(ROOT, 'tests', 'fixtures', 'casts'), { recursive: true });
          copyFileSync(log.file, join(ROOT, 'tests', 'fixtures', 'casts', 'claude-code-2-1-197.cast'));
        }
      }

      // The next launch hands the memories over in the system prompt.
      const before = standin.requests.length;
      tmux.start('claude2', run, { cwd: sb.project, env, cols: 100, rows: 30 });
      await tmux.waitFor('claude2', (s) => s.includes('❯'), 60_000);
      await tmux.submit('claude2', 'hello');
      await tmux.waitFor('claude2', (s) => s.includes('Sure.'), 60_000);
      const main = standin.requests.slice(before).find((b) => lastUserText(b).includes('hello') && systemText(b).includes('claude-mem'));
      expect(main, 'a request carrying the memory block').toBeDefined();
      expect(systemText(main ?? {})).toContain('ruff check src tests');
      expect(systemText(main ?? {})).toContain('git tag -s');
      await tmux.submit('claude2', '/exit');
      expect(await tmux.exitStatus('claude2', 30_000)).toBe(0);
    } finally {
      await standin.close();
    }
  });
});
