import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { castsIn } from '../helpers/casts.js';
import { screenLinesOf } from '../../src/index.js';

const tmux = new Tmux();
afterAll(() => tmux.kill());

async function recordedText(project: string): Promise<string> {
  const [log] = castsIn(project);
  if (!log) throw new Error('no session log');
  const lines = await screenLinesOf(log.cast.events, { cols: log.cast.header.width, rows: log.cast.header.height });
  return lines.map((l) => l.text).join('\n');
}

describe('full-screen and REPL programs under the wrapper, through tmux', () => {
  it('vim looks the same wrapped and bare, and the recording holds the screen text', async () => {
    const sb = makeSandbox('cm-vim');
    writeFileSync(join(sb.project, 'notes.txt'), 'first line\n');
    const vim = 'vim -u NONE -i NONE -N -n notes.txt';
    tmux.start('bare-vim', vim, { cwd: sb.project, env: sb.env });
    tmux.start('wrapped-vim', `${process.execPath} ${CLI} run -q ${vim}`, { cwd: sb.project, env: sb.env });
    for (const s of ['bare-vim', 'wrapped-vim']) {
      await tmux.waitFor(s, (screen) => screen.includes('first line'));
      tmux.keys(s, 'G', 'o');
      tmux.type(s, 'typed in vim: 日志统一使用 JSON');
      tmux.keys(s, 'Escape');
    }
    // vim waits 'timeoutlen' to tell a lone Escape from a key sequence.
    const settled = (screen: string): boolean => screen.includes('typed in vim') && !screen.includes('-- INSERT --');
    const bare = await tmux.waitFor('bare-vim', settled);
    const wrapped = await tmux.waitFor('wrapped-vim', settled);
    await new Promise((r) => setTimeout(r, 300));
    expect(tmux.capture('wrapped-vim')).toBe(tmux.capture('bare-vim'));
    expect(wrapped).toContain('~');
    expect(bare).toContain('typed in vim: 日志统一使用 JSON');
    tmux.keys('bare-vim', ':q!', 'Enter');
    tmux.keys('wrapped-vim', ':wq', 'Enter');
    expect(await tmux.exitStatus('wrapped-vim')).toBe(0);
    expect(readFileSync(join(sb.project, 'notes.txt'), 'utf8')).toBe('first line\ntyped in vim: 日志统一使用 JSON\n');
    const text = await recordedText(sb.project);
    expect(text).toContain('typed in vim: 日志统一使用 JSON');
    expect(text).toContain('first line');
  });

  it('python3 REPL looks the same wrapped and bare, and the recording holds the answers', async () => {
    const sb = makeSandbox('cm-py');
    const env = { ...sb.env, PYTHONSTARTUP: '', PYTHON_BASIC_REPL: '1' };
    tmux.start('bare-py', 'python3 -q', { cwd: sb.project, env });
    tmux.start('wrapped-py', `${process.execPath} ${CLI} run -q python3 -q`, { cwd: sb.project, env });
    for (const s of ['bare-py', 'wrapped-py']) {
      await tmux.waitFor(s, (screen) => screen.includes('>>>'));
      tmux.type(s, 'print("answer", 6 * 7)');
      tmux.keys(s, 'Enter');
    }
    await tmux.waitFor('bare-py', (screen) => screen.includes('answer 42'));
    await tmux.waitFor('wrapped-py', (screen) => screen.includes('answer 42'));
    await new Promise((r) => setTimeout(r, 200));
    expect(tmux.capture('wrapped-py')).toBe(tmux.capture('bare-py'));
    for (const s of ['bare-py', 'wrapped-py']) {
      tmux.type(s, 'exit()');
      tmux.keys(s, 'Enter');
    }
    expect(await tmux.exitStatus('wrapped-py')).toBe(0);
    const text = await recordedText(sb.project);
    expect(text).toContain('answer 42');
    // Typed input was recorded too (echo is on, or the REPL reads raw keys).
    const [log] = castsIn(sb.project);
    expect(log?.cast.events.filter((e) => e.code === 'i').map((e) => e.data).join('')).toContain('print("answer", 6 * 7)');
  });

  it('less on the alternate screen is recorded, and the terminal is restored after', async () => {
    const sb = makeSandbox('cm-less');
    writeFileSync(join(sb.project, 'long.txt'), Array.from({ length: 200 }, (_, i) => `row ${i} of the file`).join('\n'));
    tmux.start('wrapped-less', `sh -c '${process.execPath} ${CLI} run -q less long.txt; stty -a | grep -o -- "-\\?icanon" ; sleep 5'`, { cwd: sb.project, env: sb.env });
    await tmux.waitFor('wrapped-less', (screen) => screen.includes('row 0 of the file'));
    tmux.keys('wrapped-less', 'Space');
    await tmux.waitFor('wrapped-less', (screen) => screen.includes('row 30 of the file'));
    tmux.keys('wrapped-less', 'q');
    const after = await tmux.waitFor('wrapped-less', (screen) => /^-?icanon$/m.test(screen));
    expect(after).toMatch(/^icanon$/m);
    const text = await recordedText(sb.project);
    expect(text).toContain('row 30 of the file');
  });
});
