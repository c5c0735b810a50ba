import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { cm, listJson, poll } from '../helpers/cli.js';
import { castsIn } from '../helpers/casts.js';
import { lastGeminiUserText, startGeminiStandin, type GeminiBody } from '../helpers/gemini-standin.mjs';
import { lastResponsesUserText, startOpenAIStandin, type ResponsesBody } from '../helpers/openai-standin.mjs';
import { codexEnv, killCodexDaemons, geminiEnv, hasRealClient } from '../helpers/real-clients.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

const MAKEFILE = 'check:\n\t@echo "lint ok"; echo "12 tests passed"\n';
const DONE = 'All checks pass, you can push now.';

/** The session both tests hold: "run the checks" → the model's shell call → a short reply. */
async function session(name: string, run: string, ready: (s: string) => boolean, env: NodeJS.ProcessEnv, cwd: string, quit: string): Promise<void> {
  tmux.start(name, `PATH='${env['PATH'] ?? ''}' ${run}`, { cwd, env, cols: 100, rows: 30 });
  await tmux.waitFor(name, ready, 60_000);
  await new Promise((r) => setTimeout(r, 1000));
  await tmux.submit(name, 'run the checks');
  await tmux.waitFor(name, (s) => s.includes(DONE), 60_000);
  await new Promise((r) => setTimeout(r, 1000));
  await tmux.submit(name, quit, 500);
  expect(await tmux.exitStatus(name, 30_000)).toBe(0);
}

async function expectCommandMemory(cwd: string, env: NodeJS.ProcessEnv, text: string): Promise<void> {
  const memories = await poll(
    () => listJson({ cwd, env }),
    (ms) => ms.some((m) => m.text.includes('make check')),
    30_000,
  );
  // The screen shows the command too, but only the transcript says how it ended.
  expect(memories.map((m) => m.text)).toContain(text);
  expect(memories.find((m) => m.text === text)?.type).toBe('project');
  expect(cm(['distill', '--all'], { cwd, env }).stderr).not.toContain('distilled from the screen');
}

describe.skipIf(!hasRealClient('gemini'))("a wrapped Gemini CLI session distilled from Gemini's own chat file", () => {
  it('fixes the session id, finds the chat, and remembers the command its shell tool ran', async () => {
    const standin = await startGeminiStandin((body: GeminiBody) => {
      const last = body.contents?.at(-1);
      if ((last?.parts ?? []).some((p) => p.functionResponse)) return { text: DONE };
      if (lastGeminiUserText(body).includes('run the checks')) return { functionCall: { name: 'run_shell_command', args: { command: 'make check', description: 'Run the project checks' } } };
      return { text: 'Sure.' };
    });
    try {
      const sb = makeSandbox('cm-real-gemini-chat');
      writeFileSync(join(sb.project, 'Makefile'), MAKEFILE);
      const env = geminiEnv(sb, standin);
      // The user's own flags pass through beside the --session-id run adds.
      await session('gemini', `${process.execPath} ${CLI} run gemini --approval-mode yolo`, (s) => s.includes('Type your message'), env, sb.project, '/quit');
      const ref = castsIn(sb.project)[0]?.cast.header['x-claude-mem']?.transcript;
      expect(ref?.['kind']).toBe('gemini');
      expect(ref?.['dir']).toBe(join(sb.home, '.gemini'));
      await expectCommandMemory(sb.project, env, 'Run the project checks: `make check` (succeeded here).');
    } finally {
      await standin.close();
    }
  });
});

describe.skipIf(!hasRealClient('codex'))("a wrapped Codex session distilled from Codex's own rollout", () => {
  it('finds the rollout by cwd and start time, and remembers the command exec_command ran', async () => {
    const standin = await startOpenAIStandin((body: ResponsesBody) => {
      if (body.input?.at(-1)?.type === 'function_call_output') return { text: DONE };
      const tools = (body.tools ?? []).map((t) => t.name);
      if (lastResponsesUserText(body).includes('run the checks') && tools.includes('exec_command')) return { functionCall: { name: 'exec_command', arguments: { cmd: 'make check' } } };
      return { text: 'Sure.' };
    });
    const sb = makeSandbox('cm-real-codex-rollout');
    try {
      writeFileSync(join(sb.project, 'Makefile'), MAKEFILE);
      const env = codexEnv(sb, standin);
      await session('codex', `${process.execPath} ${CLI} run codex --dangerously-bypass-approvals-and-sandbox`, (s) => s.includes('OpenAI Codex') && s.includes('›'), env, sb.project, '/quit');
      expect(castsIn(sb.project)[0]?.cast.header['x-claude-mem']?.transcript?.['kind']).toBe('codex');
      await expectCommandMemory(sb.project, env, 'Run the checks: `make check` (succeeded here).');
    } finally {
      killCodexDaemons(sb);
      await standin.close();
    }
  });
});
