import { describe, expect, it } from 'vitest';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox } from '../helpers/sandbox.js';
import { cm, listJson } from '../helpers/cli.js';
import { startCli } from '../helpers/pty-harness.js';
import { withMemory } from '../../src/index.js';

/**
 * Memories a session left (what review is for): what the user typed with
 * remember is reviewed as it is written, so these come as the distiller's.
 */
function distilled(o: { cwd: string; env: NodeJS.ProcessEnv }, items: Array<[type: string, text: string]>): Promise<unknown> {
  return withMemory(o, (m) =>
    m.write(items.map(([type, text]) => ({ type: type as 'project' | 'fact', text, dir: m.paths.projectRoot, agent: 'claude', sessionId: 's1', source: 'claude transcript' }))),
  );
}

const MEMORIES: Array<[type: string, text: string]> = [
  ['fact', 'The orders table got an index on create_time in the last migration'],
  ['project', 'Deploys go through scripts/deploy.sh after the database migration'],
  ['project', 'The staging database password rotates every Monday morning'],
  ['fact', '我习惯用中文写提交信息，代码注释用英文'],
  ['project', 'Feature flags live in config/flags.yaml and reload every minute'],
];

/** What the person does with each memory, found by a word of its text. */
const PLAN: Array<[word: string, keys: string[]]> = [
  ['orders table', ['a']],
  ['scripts/deploy.sh', ['e']],
  ['staging database', ['d', 'y']],
  ['提交信息', ['t', 'g']],
  ['Feature flags', ['s']],
];

describe('claude-mem review, in a real terminal', () => {
  it('walks the pending memories: accept, edit in $EDITOR, delete, retype to global, skip; status and --json follow', async () => {
    const sb = makeSandbox('cm-review');
    const editor = join(sb.home, 'editor.sh');
    writeFileSync(editor, `#!/bin/sh\nprintf '%s\\n' 'Deploys go through scripts/release.sh after the database migration' > "$1"\n`);
    chmodSync(editor, 0o755);
    const o = { cwd: sb.project, env: { ...sb.env, EDITOR: editor, VISUAL: '' } };
    await distilled(o, MEMORIES);
    // What the user typed is reviewed at birth: not part of the walk.
    expect(cm(['-q', 'remember', 'Releases are tagged from main by the on-call engineer'], o).status).toBe(0);
    expect(cm(['status'], o).stdout).toContain('5 not yet reviewed: claude-mem review');
    expect((JSON.parse(cm(['review', '--json'], o).stdout) as unknown[]).length).toBe(5);

    const t = startCli(['review'], { ...o, cols: 120 });
    for (let i = 1; i <= MEMORIES.length; i++) {
      await t.waitFor(new RegExp(`\\[${i}/5\\][^\\n]*\\n[^\\n]*\\n[^\\n]*\\n[^\\n]*\\[a\\]ccept`));
      const shown = t.text().slice(t.text().lastIndexOf(`[${i}/5]`));
      const step = PLAN.find(([word]) => shown.includes(word));
      expect(step, `no plan for:\n${shown}`).toBeDefined();
      expect(shown).toContain('source: session s1 (claude)');
      // A step's keys in one write, as a fast typist's arrive: each is still read on its own.
      t.write((step?.[1] ?? []).join(''));
    }
    await t.waitFor(/reviewed: 1 accepted, 1 edited, 1 deleted, 1 retyped, 1 skipped; 1 still pending/);
    expect((await t.exited).exitCode).toBe(0);

    const all = listJson(o);
    const by = (w: string) => all.find((m) => m.text.includes(w));
    expect(by('orders table')?.reviewed_at).toMatch(/^\d{4}-/);
    expect(by('scripts/release.sh')).toMatchObject({ type: 'project', reviewed_at: expect.stringMatching(/^\d{4}-/) });
    expect(by('scripts/deploy.sh')).toBeUndefined();
    expect(by('staging database')).toBeUndefined();
    expect(by('提交信息')).toMatchObject({ type: 'global', id: 'g1', reviewed_at: expect.stringMatching(/^\d{4}-/) });
    expect(by('Feature flags')?.reviewed_at).toBeNull();
    expect(cm(['status'], o).stdout).toContain('1 not yet reviewed');
    expect((JSON.parse(cm(['review', '--json'], o).stdout) as Array<{ text: string }>).map((m) => m.text)).toEqual([MEMORIES[4]?.[1]]);
    // The next launch's block carries the correction.
    const ctx = cm(['context'], o).stdout;
    expect(ctx).toContain('scripts/release.sh');
    expect(ctx).not.toContain('scripts/deploy.sh');
  });

  it('quits at q and at Ctrl-C, leaving the rest pending; says so when nothing is pending', async () => {
    const sb = makeSandbox('cm-review-q');
    const o = { cwd: sb.project, env: sb.env };
    await distilled(o, [
      ['project', 'The linter config lives in eslint.config.js at the root'],
      ['project', 'Integration tests need the docker compose stack running'],
    ]);
    let t = startCli(['review'], o);
    await t.waitFor('[1/2]');
    t.write('\u0003');
    await t.waitFor('0 accepted, 0 edited, 0 deleted, 0 retyped, 0 skipped; 2 still pending');
    expect((await t.exited).exitCode).toBe(0);
    t = startCli(['review'], o);
    await t.waitFor('[1/2]');
    t.write('a');
    await t.waitFor('[2/2]');
    t.write('a');
    await t.waitFor('2 accepted');
    await t.exited;
    t = startCli(['review'], o);
    await t.waitFor('nothing to review');
    expect((await t.exited).exitCode).toBe(0);
  });

  it('without a terminal, points to --json (exit 2)', () => {
    const sb = makeSandbox('cm-review-notty');
    const r = cm(['review'], { cwd: sb.project, env: sb.env, input: '' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('claude-mem review --json');
  });
});
