import { afterAll, describe, expect, it } from 'vitest';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { listJson, poll } from '../helpers/cli.js';
import { lastResponsesUserText, startOpenAIStandin, type ResponsesBody } from '../helpers/openai-standin.mjs';
import { codexEnv, killCodexDaemons, hasRealClient, scriptedAnswer, MARKER_LINE, expectScriptedMemories } from '../helpers/real-clients.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

const reply = (body: ResponsesBody): { text: string } => scriptedAnswer(lastResponsesUserText(body));

describe.skipIf(!hasRealClient('codex'))('the real Codex under claude-mem, against a stand-in Responses API', () => {
  it('remembers whole answers (not the frames of a streaming redraw), the marker, none of its chrome, and hands them over', async () => {
    const standin = await startOpenAIStandin(reply);
    const sb = makeSandbox('cm-real-codex');
    try {
      const env = codexEnv(sb, standin);
      const run = `PATH='${env['PATH'] ?? ''}' ${process.execPath} ${CLI} run codex`;
      tmux.start('codex', run, { cwd: sb.project, env, cols: 100, rows: 30 });
      await tmux.waitFor('codex', (s) => s.includes('OpenAI Codex') && s.includes('›'), 60_000);
      await new Promise((r) => setTimeout(r, 1000));
      const say = async (line: string, answered: string): Promise<void> => {
        await tmux.submit('codex', line);
        await tmux.waitFor('codex', (s) => s.includes(answered), 60_000);
        await new Promise((r) => setTimeout(r, 1000));
      };
      // The marker first of all: the terminal's answers to the CLI's start-up queries (cursor
      // position, device attributes) arrive as input before it, and must not hide the empty line.
      await tmux.submit('codex', MARKER_LINE);
      await new Promise((r) => setTimeout(r, 1500));
      expect(tmux.capture('codex')).not.toMatch(/You ran|command not found/);
      await say('how do I run the linter here?', 'rewrites files in');
      await say('本地怎么启动这个服务？', '3000 端口');
      expect(standin.requests.some((b) => lastResponsesUserText(b).includes('release tags are signed'))).toBe(false);
      await tmux.submit('codex', '/quit', 500);
      expect(await tmux.exitStatus('codex', 30_000)).toBe(0);

      const memories = await poll(
        () => listJson({ cwd: sb.project, env }),
        (ms) => ms.some((m) => m.text.includes('ruff check src tests')) && ms.some((m) => m.text.includes('make dev')),
        30_000,
      );
      expectScriptedMemories(memories, /OpenAI Codex|for shortcuts|f2 to view|Worked for|gpt-5 default|Token usage|codex resume|Shutting down|[•›]/);
      // One memory for the answer, whole, as Codex's rollout has it (Markdown and all): the frames
      // of its streaming redraw on screen are not memories (the golden cast covers the screen path).
      const answers = memories.filter((m) => m.type === 'project' && m.text.includes('ruff check'));
      expect(answers.map((m) => m.text)).toEqual(['This repo lints with ruff. Run `ruff check src tests` from the root; `ruff format` rewrites files in place.']);

      // The next launch hands the block to the model as developer instructions.
      const before = standin.requests.length;
      tmux.start('codex2', run, { cwd: sb.project, env, cols: 100, rows: 30 });
      await tmux.waitFor('codex2', (s) => s.includes('›'), 60_000);
      await new Promise((r) => setTimeout(r, 1000));
      await tmux.submit('codex2', 'hello');
      await poll(() => standin.requests.length > before, (v) => v, 60_000);
      expect(JSON.stringify(standin.requests.slice(before))).toContain('ruff check src tests');
      await tmux.waitFor('codex2', (s) => s.includes('Sure.'), 60_000);
      await tmux.submit('codex2', '/quit', 500);
      expect(await tmux.exitStatus('codex2', 30_000)).toBe(0);
    } finally {
      killCodexDaemons(sb);
      await standin.close();
    }
  });
});
