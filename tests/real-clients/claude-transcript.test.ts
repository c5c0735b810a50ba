import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { cm, listJson, poll } from '../helpers/cli.js';
import { castsIn } from '../helpers/casts.js';
import { lastToolResults, lastUserText, startAnthropicStandin, type MessagesBody } from '../helpers/anthropic-standin.mjs';
import { claudeEnv, hasRealClient } from '../helpers/real-clients.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

describe.skipIf(!hasRealClient('claude'))("a wrapped Claude Code session distilled from Claude's own transcript", () => {
  it('remembers the command its Bash tool ran, taken from the tool call, not the screen', async () => {
    const standin = await startAnthropicStandin((body: MessagesBody) => {
      if (lastToolResults(body).length) return { text: 'All checks passed.' };
      if (lastUserText(body).includes('please run the checks') && (body.tools ?? []).some((t) => t.name === 'Bash')) {
        return { toolUse: { name: 'Bash', input: { command: 'make check', description: 'Run the project checks' } } };
      }
      return { text: 'Sure.' };
    });
    try {
      const sb = makeSandbox('cm-real-transcript');
      writeFileSync(join(sb.project, 'Makefile'), 'check:\n\t@echo "lint ok"; echo "12 tests passed"\n');
      const env = claudeEnv(sb, standin);
      tmux.start('claude', `PATH='${env['PATH'] ?? ''}' ${process.execPath} ${CLI} run claude`, { cwd: sb.project, env, cols: 100, rows: 30 });
      await tmux.waitFor('claude', (s) => s.includes('❯'), 60_000);
      await tmux.submit('claude', 'please run the checks');
      // Claude Code asks before it runs a command: a person says yes.
      await tmux.waitFor('claude', (s) => s.includes('Do you want to proceed'), 60_000);
      tmux.keys('claude', 'Enter');
      await tmux.waitFor('claude', (s) => s.includes('All checks passed.'), 60_000);
      await tmux.submit('claude', '/exit');
      expect(await tmux.exitStatus('claude', 30_000)).toBe(0);

      // run fixed the transcript's name in advance and recorded it in the log.
      const [log] = castsIn(sb.project);
      const ref = log?.cast.header['x-claude-mem']?.transcript;
      expect(ref?.['kind']).toBe('claude');
      expect(ref?.['path']).toContain(join(sb.home, '.claude', 'projects'));

      const memories = await poll(
        () => listJson({ cwd: sb.project, env }),
        (ms) => ms.some((m) => m.text.includes('make check')),
        30_000,
      );
      // Only the transcript knows the call's description and that it succeeded.
      expect(memories.map((m) => m.text)).toContain('Run the project checks: `make check` (succeeded here).');
      expect(memories.find((m) => m.text.includes('make check'))?.type).toBe('project');
      const again = cm(['distill', '--all'], { cwd: sb.project, env });
      expect(again.stderr).not.toContain('distilled from the screen');
    } finally {
      await standin.close();
    }
  });
});
