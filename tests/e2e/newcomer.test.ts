import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox } from '../helpers/sandbox.js';
import { castOfTurns } from '../helpers/casts.js';
import { writeFileSync } from 'node:fs';
import { cm, listJson } from '../helpers/cli.js';

/** A newcomer's second week: the messages and small defects they met (issue 31). */
describe('honest messages', () => {
  it('names the supported CLIs when one is not', () => {
    const sb = makeSandbox('cm-unsupported');
    for (const args of [['setup', 'cursor'], ['import', '--from', 'cursor']]) {
      const r = cm(args, { cwd: sb.project, env: sb.env });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/claude, codex,? (and|or)? ?gemini/);
    }
  });

  it('a fourth week: a memory past the whole budget is stored with a word, a refused short one names --force, a missing --dir is an error', () => {
    const sb = makeSandbox('cm-week4');
    const o = { cwd: sb.project, env: sb.env };
    const long = cm(['remember', Array.from({ length: 1500 }, (_, i) => `step ${i} of the release runbook`).join('; ')], o);
    expect(long.status).toBe(0);
    expect(long.stderr).toMatch(/more than the whole block holds \(inject\.token_budget 1500\)/);
    const short = cm(['remember', 'ok'], o);
    expect(short.status).not.toBe(0);
    expect(short.stderr).toMatch(/--force/);
    expect(cm(['remember', '--force', 'ok'], o).status).toBe(0);
    const dir = cm(['import', '--from', 'claude', '--dir', join(sb.home, 'no', 'such', 'folder')], o);
    expect(dir.status).toBe(2);
    expect(dir.stderr).toMatch(/no such folder/);
  });

  it('deleted is gone: forget takes the passages that said a memory with it, and forget e12 deletes a passage', () => {
    const sb = makeSandbox('cm-forget-said');
    const o = { cwd: sb.project, env: sb.env };
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    writeFileSync(
      join(sessions, '20261202-100000-bbbb.cast'),
      castOfTurns([
        { input: 'where do the nightly exports go?', output: 'The nightly exports are written to s3://acme-exports/nightly by cron/export.yaml.' },
        { input: 'and the retention?', output: 'Exports are kept for 45 days, set in the bucket lifecycle rule.' },
      ]),
    );
    expect(cm(['distill'], o).status).toBe(0);
    const memory = listJson(o).find((m) => m.text.includes('s3://acme-exports/nightly'));
    expect(memory).toBeDefined();
    const gone = cm(['forget', memory?.id ?? ''], o);
    expect(gone.status, gone.stderr).toBe(0);
    expect(gone.stdout).toMatch(/passages? of what was said/);
    const after = JSON.parse(cm(['query', 'where do the nightly exports go', '--json'], o).stdout) as Array<{ id: string; kind: string; text: string }>;
    expect(after.map((h) => h.text).join('\n')).not.toContain('s3://acme-exports/nightly');
    // A passage by its id.
    const said = (JSON.parse(cm(['query', '--episodes', 'how long are the exports kept', '--json'], o).stdout) as Array<{ id: string; kind: string }>).find((h) => h.kind === 'said');
    expect(said).toBeDefined();
    const dropped = cm(['forget', said?.id ?? ''], o);
    expect(dropped.status, dropped.stderr).toBe(0);
    expect(dropped.stdout).toMatch(/forgot \[e\d+\] \(what was said\)/);
    const again = JSON.parse(cm(['query', '--episodes', 'how long are the exports kept', '--json'], o).stdout) as Array<{ id: string }>;
    expect(again.map((h) => h.id)).not.toContain(said?.id);
  });

  it('distill says which sessions exist, and what happened to each', () => {
    const sb = makeSandbox('cm-distill-msg');
    const o = { cwd: sb.project, env: sb.env };
    const none = cm(['distill', '--session', 'nope'], o);
    expect(none.stderr).toMatch(/no session log nope .*No session has been recorded in this project yet/);
    expect(none.stderr).not.toMatch(/status lists sessions/);
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    writeFileSync(join(sessions, '20261201-100000-aaaa.cast'), castOfTurns([{ input: 'what is the test command?', output: 'The test command for this repo is pytest -q, run from the root.' }]));
    expect(cm(['distill', '--session', 'nope'], o).stderr).toMatch(/The latest: 20261201-100000-aaaa/);
    expect(cm(['distill'], o).stderr).toMatch(/processed 1 session/);
    expect(cm(['distill'], o).stderr).toMatch(/no sessions to process here|processed 0 sessions/);
  });

  it('forget takes several ids, and mentions session logs only for a memory that came from one', () => {
    const sb = makeSandbox('cm-forget-many');
    const o = { cwd: sb.project, env: sb.env };
    for (const t of ['The build runs with make all', 'The linter is ruff, run with make lint', 'Deploys go out on Tuesdays']) cm(['remember', t], o);
    const ids = listJson(o).map((m) => m.id);
    const r = cm(['forget', ids[0] ?? '', ids[1] ?? ''], o);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('forgot'))).toHaveLength(2);
    expect(r.stderr).not.toMatch(/session log/);
    expect(listJson(o)).toHaveLength(1);
    const missing = cm(['forget', ids[2] ?? '', '999'], o);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toMatch(/^forgot/);
    expect(missing.stderr).toMatch(/no memory with id 999/);
  });

  it('context says none fits the budget when memories exist, config names the variable and source of each key, a quoted query is cut at a word', () => {
    const sb = makeSandbox('cm-msgs');
    const o = { cwd: sb.project, env: sb.env };
    cm(['remember', 'The deploy script lives in ops/deploy.sh and must only run on Tuesdays after the freeze lifts'], o);
    const tight = cm(['--set', 'inject.token_budget=5', 'context'], o);
    expect(tight.stdout).toMatch(/none of the 1 memories for here fits inject\.token_budget 5/);
    expect(tight.stdout).not.toMatch(/no memories to inject here yet/);
    const cfg = cm(['--set', 'inject.token_budget=900', 'config'], o).stdout;
    expect(cfg).toMatch(/^inject\.token_budget = 900 {2}\(from --set; env CLAUDE_MEM_INJECT_TOKEN_BUDGET\)$/m);
    expect(cfg).toMatch(/^watch\.enabled = true {2}\(default; env CLAUDE_MEM_WATCH_ENABLED\)$/m);
    const none = cm(['query', 'kubernetes helm chart values override'], o).stdout;
    expect(none).toMatch(/no memories match "kubernetes helm…"/);
  });
});
