import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, CLI, ROOT } from '../helpers/sandbox.js';
import { startPty } from '../helpers/pty-harness.js';

// Ninety days of one project under `faketime`: the product's own clock says
// which day it is, for the wrapper, the distiller and every query.
const FAKE_BIN = join(ROOT, 'tests', 'fixtures', 'bin');
const START = Date.UTC(2026, 2, 2);
const stamp = (day: number, hhmm = '10:00'): string => `${new Date(START + day * 86_400_000).toISOString().slice(0, 10)} ${hhmm}:00`;

const hasFaketime = spawnSync('faketime', ['2026-01-01 00:00:00', 'true']).status === 0;

describe.runIf(hasFaketime)('truth over time, through the built CLI under faketime', () => {
  const sb = makeSandbox('cm-evolve');
  const env = { ...sb.env, PATH: `${FAKE_BIN}:${sb.env['PATH'] ?? ''}`, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
  const cmAt = (day: number, args: string[]) => {
    const r = spawnSync('faketime', [stamp(day, '23:00'), process.execPath, CLI, ...args], { cwd: sb.project, env, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout;
  };

  /** One session with the stand-in CLI on that day, typed in a real PTY, then distilled. */
  async function session(day: number, question: string, answer: string): Promise<void> {
    const script = join(sb.home, `script-${day}.json`);
    writeFileSync(script, JSON.stringify([{ user: question, assistant: answer }]));
    const h = startPty('faketime', [stamp(day), process.execPath, CLI, 'run', 'mycli'], { cwd: sb.project, env: { ...env, FAKE_SCRIPT: script }, cols: 100, rows: 30 });
    await h.waitFor('╰');
    const before = h.text().length;
    h.write(`${question}\r`);
    await h.waitForAfter(before, `> ${question}\r`);
    await h.waitUntil(() => h.text().slice(h.text().lastIndexOf(`> ${question}\r`)).includes('╰'), 'the answer');
    h.write('exit\r');
    expect((await h.exited).exitCode).toBe(0);
    // The session is distilled before the next day begins: the distiller run starts in the background
    // may still hold it (a busy machine), and a later day processed first would change what is history.
    const distill = (): string => spawnSync('faketime', [stamp(day, '23:00'), process.execPath, CLI, 'distill', '--all'], { cwd: sb.project, env, encoding: 'utf8', timeout: 60_000 }).stderr;
    for (let i = 0; i < 120 && /being processed by another/.test(distill()); i++) await new Promise((r) => setTimeout(r, 250));
  }

  it('a value changed on day 40 without correction words is the one answered on day 90; the old one is history', async () => {
    await session(1, 'anything about the preview server port?', 'Note that the preview server port is 3000 (see next.config.mjs). Nothing else changed.');
    await session(2, 'how should commit messages look', 'The commit message style is Conventional Commits with a scope.');
    await session(12, 'what is a monad, briefly', 'A monad wraps values with a way to chain computations that carry context.');
    await session(29, 'can we move the preview port?', 'Someone suggested 8080 for the preview server port; we said no, the preview server port remains 3000.');
    await session(40, 'please double-check the preview server port', 'Bumped the preview server port to 3001 and updated next.config.mjs.');

    const top = (extra: string[] = []) => (JSON.parse(cmAt(90, ['query', 'what port does the preview server run on', '--limit', '3', '--json', ...extra])) as Array<{ text: string }>)[0]?.text ?? '';
    expect(top()).toContain('3001');
    // What it was then.
    expect(top(['--as-of', stamp(20).slice(0, 10)])).toContain('3000');
    const block = (JSON.parse(cmAt(90, ['context', '--json'])) as { text: string }).text;
    expect(block).toContain('3001');
    // A stale value is never a line of the block; a fact never changed is still there on day 90.
    expect(block.split('\n').some((l) => l.includes('3000') && !l.includes('3001'))).toBe(false);
    expect(block).toContain('Conventional Commits');
    // The refused proposal and the small talk left nothing.
    const all = JSON.parse(cmAt(90, ['list', '--archived', '--json'])) as Array<{ text: string; subject: string | null; valid_to: string | null }>;
    expect(all.some((m) => m.text.includes('8080') || m.text.includes('monad'))).toBe(false);
    // The subject's values over time, with the day the old one stopped being true.
    const history = JSON.parse(cmAt(90, ['list', '--history', 'preview port', '--json'])) as Array<{ subject: string; values: Array<{ value: string; valid_to: string | null }> }>;
    expect(history[0]?.subject).toBe('preview server port');
    expect(history[0]?.values.map((v) => [v.value, v.valid_to?.slice(0, 10) ?? null])).toEqual([
      ['3000', stamp(40).slice(0, 10)],
      ['3001', null],
    ]);
    expect(cmAt(90, ['list', '--history', 'preview port'])).toMatch(/preview server port\n .*→ .*3000[\s\S]*→ now\s+3001/);
  }, 120_000);
});
