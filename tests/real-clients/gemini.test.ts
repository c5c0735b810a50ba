import { afterAll, describe, expect, it } from 'vitest';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { listJson, poll } from '../helpers/cli.js';
import { lastGeminiUserText, startGeminiStandin, type GeminiBody } from '../helpers/gemini-standin.mjs';
import { geminiEnv, hasRealClient, scriptedAnswer, MARKER_LINE, expectScriptedMemories } from '../helpers/real-clients.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

const reply = (body: GeminiBody): { text: string } => scriptedAnswer(lastGeminiUserText(body));

describe.skipIf(!hasRealClient('gemini'))('the real Gemini CLI under claude-mem, against a stand-in Gemini API', () => {
  it('remembers its answers and the marker, none of its banner or chrome, and hands them to the next launch', async () => {
    const standin = await startGeminiStandin(reply);
    try {
      const sb = makeSandbox('cm-real-gemini');
      const env = geminiEnv(sb, standin);
      const run = `PATH='${env['PATH'] ?? ''}' ${process.execPath} ${CLI} run gemini`;
      tmux.start('gemini', run, { cwd: sb.project, env, cols: 100, rows: 30 });
      await tmux.waitFor('gemini', (s) => s.includes('Type your message'), 60_000);
      const say = async (line: string, answered: string): Promise<void> => {
        await tmux.submit('gemini', line);
        await tmux.waitFor('gemini', (s) => s.includes(answered) && s.includes('Type your message'), 60_000);
        await new Promise((r) => setTimeout(r, 500));
      };
      // The marker first of all: the terminal's answers to the CLI's start-up queries (cursor
      // position, device attributes) arrive as input before it, and must not hide the empty line.
      await tmux.submit('gemini', MARKER_LINE);
      await new Promise((r) => setTimeout(r, 1500));
      expect(tmux.capture('gemini')).not.toMatch(/Shell Command|shell mode|command not found/);
      await say('how do I run the linter here?', 'rewrites files in');
      await say('本地怎么启动这个服务？', '3000 端口');
      expect(standin.requests.some((b) => lastGeminiUserText(b).includes('release tags are signed'))).toBe(false);
      await tmux.submit('gemini', '/quit');
      expect(await tmux.exitStatus('gemini', 30_000)).toBe(0);

      const memories = await poll(
        () => listJson({ cwd: sb.project, env }),
        (ms) => ms.some((m) => m.text.includes('ruff check src tests')) && ms.some((m) => m.text.includes('make dev')),
        30_000,
      );
      expectScriptedMemories(memories, /Gemini CLI v|Authenticated with|Tips for getting|for shortcuts|Type your message|no sandbox|Model Usage|To resume|[✦╭│]/);

      // The next launch hands the block over (as the first prompt, Gemini's only per-run way).
      const before = standin.requests.length;
      tmux.start('gemini2', run, { cwd: sb.project, env, cols: 100, rows: 30 });
      await poll(() => standin.requests.length > before, (v) => v, 60_000);
      const first = standin.requests.slice(before).map((b) => JSON.stringify(b)).join('\n');
      expect(first).toContain('ruff check src tests');
      await tmux.waitFor('gemini2', (s) => s.includes('Type your message'), 60_000);
      await tmux.submit('gemini2', '/quit');
      expect(await tmux.exitStatus('gemini2', 30_000)).toBe(0);
    } finally {
      await standin.close();
    }
  });
});
