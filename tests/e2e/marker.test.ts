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
