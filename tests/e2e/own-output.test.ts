import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { cm, listJson, poll } from '../helpers/cli.js';

const tmux = new Tmux();
const lastLine = (screen: string): string => screen.trimEnd().split('\n').at(-1)?.trim() ?? '';
afterAll(() => tmux.kill());

describe('claude-mem never remembers itself', () => {
  it('drops what its own commands print in a recorded shell, and a nested run records the session once', { timeout: 90_000 }, async () => {
    const sb = makeSandbox('cm-own');
    const env = { ...sb.env, PS1: '$ ', PATH: `${join(sb.home, 'bin')}:${sb.env['PATH'] ?? ''}` };
    const o = { cwd: sb.project, env };
    cm(['remember', 'The deploy script lives in ops/deploy.sh and must only run on Tuesdays after the freeze lifts'], o);
    cm(['remember', 'Database migrations are applied with npm run db:migrate against the staging cluster first'], o);
    // A global memory is shown by list too; distilled from the screen it would land in the project store, a second copy.
    cm(['remember', '--type', 'global', 'I prefer pnpm over npm for every project, and lockfiles are always committed'], o);
    const before = listJson(o);
    const cmd = `${process.execPath} ${CLI}`;
    tmux.start('own', `${cmd} run -q bash --norc --noprofile`, { cwd: sb.project, env, cols: 160 });
    await tmux.waitFor('own', (s) => /^\$/m.test(s));
    await tmux.submit('own', `${cmd} list`);
    await tmux.waitFor('own', (s) => s.includes('ops/deploy.sh'));
    await tmux.submit('own', `${cmd} query migrations staging`);
    await tmux.waitFor('own', (s) => (s.match(/db:migrate/g) ?? []).length >= 2);
    await tmux.submit('own', `${cmd} context`);
    await tmux.waitFor('own', (s) => s.includes('</claude-mem'));
    // A nested run: the inner shell is part of this session, recorded once.
    // The inner shell's own prompt tells the two apart, so the second exit waits for the outer one.
    await tmux.submit('own', `PS1='inner$ ' ${cmd} run bash --norc --noprofile`);
    await tmux.waitFor('own', (s) => s.includes('recorded there, once'));
    await tmux.submit('own', 'echo inner-shell-$((6*7))');
    await tmux.waitFor('own', (s) => s.includes('inner-shell-42'));
    await tmux.submit('own', 'exit');
    // Typed before the inner session has let go of the terminal, the second exit could reach the dying inner shell.
    await tmux.waitFor('own', (s) => lastLine(s) === '$');
    await tmux.submit('own', 'exit');
    expect(await tmux.exitStatus('own')).toBe(0);
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    expect(readdirSync(sessions).filter((f) => f.endsWith('.cast'))).toHaveLength(1);
    // The background distiller has processed it.
    await poll(() => JSON.parse(cm(['status', '--json'], o).stdout) as { pending_sessions: string[] }, (st) => st.pending_sessions.length === 0, 30_000);
    await poll(() => cm(['distill'], o).stderr, (e) => !/being processed/.test(e), 30_000);
    // Nothing new, and nothing it printed folded into what was there.
    const shown = (ms: typeof before): string[] => ms.map((m) => `${m.type} ${m.text} | ${m.supplement}`).sort();
    expect(shown(listJson(o))).toEqual(shown(before));
    expect(listJson(o, ['--type', 'fact']).filter((m) => m.text.includes('session'))).toEqual([]);
  });
});
