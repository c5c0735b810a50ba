import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { makeSandbox, ROOT } from '../helpers/sandbox.js';
import { castOfTurns } from '../helpers/casts.js';
import { cm, listJson, poll } from '../helpers/cli.js';


const bytesOf = (files: string[]): string => files.filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('\n');

describe('every file claude-mem writes, not only the stores', () => {
  it('forget leaves no text of the memory in the store file, its WAL, the FTS index or a cached block', async () => {
    const sb = makeSandbox('cm-forget-bytes');
    const o = { cwd: sb.project, env: sb.env };
    const db = join(sb.project, '.claude-mem', 'mem.db');
    cm(['remember', 'The release train leaves from platform Zanzibarquux every Thursday'], o);
    cm(['remember', 'Migrations run with npm run db:migrate from the repo root'], o);
    const id = listJson(o).find((m) => m.text.includes('Zanzibarquux'))?.id ?? '';
    // A launch caches the block that holds it.
    expect(cm(['run', 'true'], o).status).toBe(0);
    await poll(() => bytesOf([join(sb.project, '.claude-mem', 'context-cache.json')]).toLowerCase(), (t) => t.includes('zanzibarquux'));
    expect(cm(['forget', id], o).status).toBe(0);
    const all = bytesOf([db, `${db}-wal`, join(sb.project, '.claude-mem', 'context-cache.json')]).toLowerCase();
    expect(all).not.toContain('zanzibarquux');
    expect(all).toContain('migrate');
  });

  it('a global memory forgotten here leaves the cached blocks of other projects too', async () => {
    const sb = makeSandbox('cm-forget-global');
    const other = join(sb.home, 'other');
    mkdirSync(join(other, '.git'), { recursive: true });
    cm(['remember', '--type', 'global', 'I always want answers signed Quokkamatic at the end'], { cwd: sb.project, env: sb.env });
    cm(['remember', 'The other service builds with make all'], { cwd: other, env: sb.env });
    expect(cm(['run', 'true'], { cwd: other, env: sb.env }).status).toBe(0);
    const cache = join(other, '.claude-mem', 'context-cache.json');
    // The block is cached by the launch or by the warm it starts in the background.
    await poll(() => (existsSync(cache) ? readFileSync(cache, 'utf8') : ''), (t) => t.includes('Quokkamatic'));
    const id = listJson({ cwd: sb.project, env: sb.env }).find((m) => m.text.includes('Quokkamatic'))?.id ?? '';
    expect(cm(['forget', id], { cwd: sb.project, env: sb.env }).status).toBe(0);
    expect(readFileSync(cache, 'utf8')).not.toContain('Quokkamatic');
  });

  it('sends the summarizer command redacted text only', () => {
    const sb = makeSandbox('cm-summarizer-redact');
    const inputLog = join(sb.home, 'asked.txt');
    const env = { ...sb.env, SUMMARIZER_INPUT_LOG: inputLog, CLAUDE_MEM_DISTILL_SUMMARIZER: join(ROOT, 'tests', 'fixtures', 'summarizer', 'replay.sh') };
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    writeFileSync(
      join(sessions, 'a.cast'),
      castOfTurns([
        { input: 'how do I connect to the staging database?', output: 'Connect with psql -h db.staging; the root password is Tr0ub4dor-2291 and the API key is sk-proj-Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz.' },
        { input: 'and the test command?', output: 'The test command for this repo is pytest -q, run from the repository root.' },
      ]),
    );
    expect(cm(['distill', '--all'], { cwd: sb.project, env }).status).toBe(0);
    const asked = readFileSync(inputLog, 'utf8');
    expect(asked).toContain('pytest -q');
    expect(asked).not.toContain('Tr0ub4dor-2291');
    expect(asked).not.toContain('Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz');
  });

  it('keeps what a <private> span said private when the assistant repeats it (transcript import)', () => {
    const sb = makeSandbox('cm-private-echo');
    const projects = join(sb.home, '.claude', 'projects', sb.project.replace(/[^a-zA-Z0-9]/g, '-'));
    mkdirSync(projects, { recursive: true });
    let ms = Date.parse('2026-12-01T10:00:00Z');
    const line = (o: Record<string, unknown>): string => JSON.stringify({ ...o, cwd: sb.project, sessionId: 'p1', timestamp: new Date((ms += 1000)).toISOString() });
    writeFileSync(
      join(projects, 'p1.jsonl'),
      [
        line({ type: 'user', uuid: 'u1', message: { role: 'user', content: 'How do we deploy this service? If it fails, call <private>Lindqvist-Haas at 0176-5551234</private>.' } }),
        line({ type: 'assistant', uuid: 'a1', message: { role: 'assistant', content: [{ type: 'text', text: 'The deploy script is ops/deploy.sh, run on Fridays from the release branch, and on failure it pages Lindqvist-Haas at 0176-5551234.' }] } }),
      ].join('\n'),
    );
    expect(cm(['import', '--from', 'claude'], { cwd: sb.home, env: sb.env }).status).toBe(0);
    const texts = listJson({ cwd: sb.project, env: sb.env }).map((m) => `${m.text}\n${m.supplement}`).join('\n');
    expect(texts).toContain('ops/deploy.sh');
    expect(texts).not.toContain('Lindqvist');
    expect(texts).not.toContain('5551234');
  });

  it('keeps .claude-mem/ out of git from the first recorded session, and status warns when git tracks a raw log', () => {
    const sb = makeSandbox('cm-git');
    const repo = join(sb.home, 'repo');
    mkdirSync(repo);
    spawnSync('git', ['init', '-q', '--template=', repo]);
    mkdirSync(join(repo, '.git', 'info'), { recursive: true });
    writeFileSync(join(repo, 'README'), 'hello\n');
    expect(cm(['run', 'sh', '-c', 'echo export STRIPE_KEY=sk_live_abc'], { cwd: repo, env: sb.env }).status).toBe(0);
    expect(existsSync(join(repo, '.claude-mem', 'sessions'))).toBe(true);
    const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: repo, encoding: 'utf8' }).stdout;
    expect(status).toContain('README');
    expect(status).not.toContain('.claude-mem');
    expect(cm(['status'], { cwd: repo, env: sb.env }).stderr).not.toMatch(/raw session log/);
    // Someone forces it in anyway.
    // The log only: the distiller run starts may still be adding and removing its lock files there, and
    // git refuses to add a file that vanishes under it.
    for (let i = 0; i < 20 && spawnSync('git', ['add', '-f', '.claude-mem/sessions/*.cast'], { cwd: repo }).status !== 0; i++) spawnSync('sleep', ['0.2']);
    expect(cm(['status'], { cwd: repo, env: sb.env }).stderr).toMatch(/git tracks 1 raw session log \(\.claude-mem\/sessions\/.*\.cast\).*git rm -r --cached \.claude-mem/);
  });
});
