import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { makeSandbox, CLI, ROOT } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { listJson, poll } from '../helpers/cli.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());
const FAKE_BIN = join(ROOT, 'tests', 'fixtures', 'bin');

describe('the marker where ! means something, typed in a real terminal', () => {
  it('in bash: no history expansion error, nothing run, the line remembered', async () => {
    const sb = makeSandbox('cm-mark-bash');
    const env = { ...sb.env, PS1: '$ ' };
    tmux.start('bash', `${process.execPath} ${CLI} run -q bash --norc --noprofile`, { cwd: sb.project, env, cols: 100 });
    await tmux.waitFor('bash', (s) => /^\$/m.test(s));
    tmux.type('bash', '!记得 部署前必须先跑 make check');
    tmux.keys('bash', 'Enter');
    tmux.type('bash', 'echo after-$((6*7))');
    tmux.keys('bash', 'Enter');
    const screen = await tmux.waitFor('bash', (s) => s.includes('after-42'));
    expect(screen).not.toContain('event not found');
    expect(screen).not.toContain('command not found');
    expect(screen).toContain('$ !记得 部署前必须先跑 make check');
    tmux.type('bash', 'exit');
    tmux.keys('bash', 'Enter');
    expect(await tmux.exitStatus('bash')).toBe(0);
    const memories = await poll(
      () => listJson({ cwd: sb.project, env }),
      (ms) => ms.some((m) => m.text === '部署前必须先跑 make check'),
    );
    expect(memories.filter((m) => m.text.includes('make check'))).toHaveLength(1);
  });

  it('in bash: the marker is caught however the line came to be empty (Ctrl-L, a deleted key, Ctrl-A Ctrl-K)', async () => {
    const sb = makeSandbox('cm-mark-edit');
    const env = { ...sb.env, PS1: '$ ' };
    tmux.start('edit', `${process.execPath} ${CLI} run -q bash --norc --noprofile`, { cwd: sb.project, env, cols: 100 });
    await tmux.waitFor('edit', (s) => /^\$/m.test(s));
    const cases: Array<{ before: string[]; typed?: string; text: string }> = [
      { before: ['C-l'], text: 'probe after ctrl-l keeps the staging db read-only' },
      { before: [], typed: 'x', text: 'probe after a deleted key keeps port 8080 for previews' },
      { before: ['C-a', 'C-k'], typed: 'echo hi', text: 'probe after ctrl-a ctrl-k keeps releases on Tuesdays' },
    ];
    for (const c of cases) {
      if (c.typed) tmux.type('edit', c.typed);
      if (c.typed === 'x') tmux.keys('edit', 'BSpace');
      for (const k of c.before) tmux.keys('edit', k);
      await new Promise((r) => setTimeout(r, 200));
      tmux.type('edit', `!记得 ${c.text}`);
      tmux.keys('edit', 'Enter');
      await new Promise((r) => setTimeout(r, 300));
    }
    tmux.type('edit', 'echo done-$((6*7))');
    tmux.keys('edit', 'Enter');
    const screen = await tmux.waitFor('edit', (s) => s.includes('done-42'));
    expect(screen).not.toContain('event not found');
    expect(screen).not.toContain('command not found');
    tmux.type('edit', 'exit');
    tmux.keys('edit', 'Enter');
    expect(await tmux.exitStatus('edit')).toBe(0);
    const memories = await poll(
      () => listJson({ cwd: sb.project, env }),
      (ms) => cases.every((c) => ms.some((m) => m.text === c.text)),
    );
    expect(memories.filter((m) => m.text.includes('probe after'))).toHaveLength(3);
  });

  it('in an AI CLI: the model never gets the marker line, and the screen is left as it was', async () => {
    const sb = makeSandbox('cm-mark-cli');
    const env = { ...sb.env, PATH: `${FAKE_BIN}:${sb.env['PATH'] ?? ''}` };
    // tmux keeps its own PATH for the pane; set it in the command.
    tmux.start('cli', `PATH='${env['PATH'] ?? ''}' ${process.execPath} ${CLI} run -q claude`, { cwd: sb.project, env, cols: 100 });
    await tmux.waitFor('cli', (s) => s.includes('╰'));
    tmux.type('cli', '!记得 release tags are signed, use git tag -s');
    tmux.keys('cli', 'Enter');
    tmux.type('cli', 'ok');
    tmux.keys('cli', 'Enter');
    const screen = await tmux.waitFor('cli', (s) => s.includes('Sure.'));
    // The stand-in answers every line it gets; it never saw the marker.
    expect(screen).not.toContain('> !记得');
    expect(screen).not.toContain('signed, use git tag');
    tmux.type('cli', 'exit');
    tmux.keys('cli', 'Enter');
    expect(await tmux.exitStatus('cli')).toBe(0);
    await poll(
      () => listJson({ cwd: sb.project, env }),
      (ms) => ms.some((m) => m.text === 'release tags are signed, use git tag -s' && m.type === 'project'),
    );
  });
});
