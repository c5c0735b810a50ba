import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSandbox, ROOT } from '../helpers/sandbox.js';
import { cm, listJson } from '../helpers/cli.js';

const REAL = readFileSync(join(ROOT, 'tests', 'fixtures', 'transcripts', 'claude', 'make-check-2.1.197.jsonl'), 'utf8');

/** The recorded transcript, moved to another directory and session, with its own words. */
function transcriptFor(cwd: string, id: string, swap: Array<[string, string]> = []): string {
  let text = REAL.replaceAll('/tmp/cc2/p', cwd).replaceAll('11111111-2222-4333-8444-555555555555', id);
  for (const [a, b] of swap) text = text.replaceAll(a, b);
  return text;
}

describe('claude-mem import --from claude', () => {
  it('backfills three transcripts and a memory note into the right projects, and a second run adds nothing', () => {
    const sb = makeSandbox('cm-import');
    const shop = join(sb.home, 'shop');
    const api = join(sb.home, 'api');
    for (const d of [shop, api]) mkdirSync(join(d, '.git'), { recursive: true });
    const projects = join(sb.home, '.claude', 'projects');
    const slug = (d: string): string => d.replace(/[^a-zA-Z0-9]/g, '-');
    mkdirSync(join(projects, slug(shop), 'memory'), { recursive: true });
    mkdirSync(join(projects, slug(api)), { recursive: true });
    writeFileSync(join(projects, slug(shop), 'a1.jsonl'), transcriptFor(shop, 'a1'));
    writeFileSync(
      join(projects, slug(shop), 'a2.jsonl'),
      transcriptFor(shop, 'a2', [
        ['please run the checks', 'where do the feature flags live?'],
        ['All checks passed: `make check` runs the linters and the unit tests.', 'Feature flags live in config/flags.yaml; the loader reloads it every 60 seconds.'],
        ['make check', 'npm run e2e'],
        ['Run the project checks', 'Run the end-to-end suite'],
      ]),
    );
    writeFileSync(join(projects, slug(api), 'b1.jsonl'), transcriptFor(api, 'b1', [['make check', 'cargo test --workspace'], ['Run the project checks', 'Run the Rust tests']]));
    writeFileSync(
      join(projects, slug(shop), 'memory', 'prefers-small-prs.md'),
      '---\nname: prefers-small-prs\ndescription: keeps pull requests small\nmetadata:\n  type: feedback\n---\nThe user wants pull requests under 300 lines, split by [[feature-flags]].\n',
    );
    writeFileSync(join(projects, slug(shop), 'memory', 'MEMORY.md'), '- [prefers-small-prs](prefers-small-prs.md)\n');

    const first = cm(['import', '--from', 'claude'], { cwd: sb.home, env: sb.env });
    expect(first.status).toBe(0);
    expect(first.stderr).toMatch(/imported 4 files \(0 unchanged/);
    const shopMemories = listJson({ cwd: shop, env: sb.env });
    const apiMemories = listJson({ cwd: api, env: sb.env });
    const texts = (ms: typeof shopMemories): string => ms.map((m) => `${m.type}: ${m.text}\n${m.supplement}`).join('\n');
    expect(texts(shopMemories)).toContain('config/flags.yaml');
    expect(texts(shopMemories)).toContain('Run the end-to-end suite: `npm run e2e` (succeeded here).');
    expect(texts(apiMemories)).toContain('Run the Rust tests: `cargo test --workspace` (succeeded here).');
    expect(texts(apiMemories)).not.toContain('config/flags.yaml');
    expect(shopMemories.find((m) => m.text.includes('pull requests under 300 lines'))).toMatchObject({ type: 'global', source: join(projects, slug(shop), 'memory', 'prefers-small-prs.md') });
    // The note's folder is read, never written.
    expect(readFileSync(join(projects, slug(shop), 'memory', 'MEMORY.md'), 'utf8')).toBe('- [prefers-small-prs](prefers-small-prs.md)\n');

    const second = cm(['import', '--from', 'claude'], { cwd: sb.home, env: sb.env });
    expect(second.stderr).toMatch(/imported 0 files \(4 unchanged since the last import\), 0 memories/);
    expect(listJson({ cwd: shop, env: sb.env })).toEqual(shopMemories);

    // A resumed session grows its file: the next import reads on from the turns it had.
    const grown = transcriptFor(shop, 'a1', [
      ['please run the checks', 'where do the rate limits live?'],
      ['All checks passed: `make check` runs the linters and the unit tests.', 'Rate limits live in config/limits.toml; the gateway reads them at start.'],
      ['make check', 'make limits'],
      ['Run the project checks', 'Check the limits'],
    ]).replaceAll('2026-12-02T', '2026-12-03T');
    writeFileSync(join(projects, slug(shop), 'a1.jsonl'), `${readFileSync(join(projects, slug(shop), 'a1.jsonl'), 'utf8')}${grown}`);
    const third = cm(['import', '--from', 'claude'], { cwd: sb.home, env: sb.env });
    expect(third.stderr).toMatch(/imported 1 file \(3 unchanged/);
    const after = listJson({ cwd: shop, env: sb.env });
    expect(texts(after)).toContain('config/limits.toml');
    // What the first part gave is not given again.
    expect(after.filter((m) => m.text.includes('`make check`')).length).toBe(shopMemories.filter((m) => m.text.includes('`make check`')).length);
    // Grown again: only its last known turn and the new one are read, so a summary made now
    // does not restate the first turn's question.
    const again = transcriptFor(shop, 'a1', [
      ['please run the checks', 'where does the session cookie get its name?'],
      ['All checks passed: `make check` runs the linters and the unit tests.', 'The session cookie is named sid_v2, set in src/auth/cookie.ts.'],
      ['make check', 'make auth'],
      ['Run the project checks', 'Check auth'],
    ]).replaceAll('2026-12-02T', '2026-12-04T');
    writeFileSync(join(projects, slug(shop), 'a1.jsonl'), `${readFileSync(join(projects, slug(shop), 'a1.jsonl'), 'utf8')}${again}`);
    expect(cm(['import', '--from', 'claude'], { cwd: sb.home, env: sb.env }).status).toBe(0);
    const last = listJson({ cwd: shop, env: sb.env });
    expect(texts(last)).toContain('sid_v2');
    const newSummaries = last.filter((m) => m.type === 'fact' && m.text.includes('session cookie'));
    expect(newSummaries.every((m) => !m.text.includes('please run the checks'))).toBe(true);
  });

  it('says in one line when there is nothing to import, and refuses a bad --from or --since', () => {
    const sb = makeSandbox('cm-import-none');
    const r = cm(['import'], { cwd: sb.project, env: sb.env });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/claude: no transcripts at .*\.claude\/projects/);
    expect(r.stderr).toMatch(/codex: no transcripts at .*\.codex\/sessions/);
    expect(r.stderr).toMatch(/gemini: no transcripts at .*\.gemini\/tmp/);
    expect(cm(['import', '--from', 'vim'], { cwd: sb.project, env: sb.env }).status).toBe(2);
    expect(cm(['import', '--since', 'yesterday'], { cwd: sb.project, env: sb.env }).status).toBe(2);
  });
});

const fixture = (cli: string, name: string): string => readFileSync(join(ROOT, 'tests', 'fixtures', 'transcripts', cli, name), 'utf8');

describe('claude-mem import --from codex and --from gemini', () => {
  it("reads Codex's rollouts and Gemini's chats where those CLIs keep them, into each one's project, once", () => {
    const sb = makeSandbox('cm-import-others');
    const web = join(sb.home, 'web');
    const cli = join(sb.home, 'cli');
    for (const d of [web, cli]) mkdirSync(join(d, '.git'), { recursive: true });
    // A Codex rollout, moved to the web project: its session_meta names the cwd.
    const codexDay = join(sb.home, '.codex', 'sessions', '2026', '12', '02');
    mkdirSync(codexDay, { recursive: true });
    const rollout = fixture('codex', 'make-check-0.171.0.jsonl').replaceAll(/\/tmp\/cm-record-codex-\w+\/project/g, web);
    writeFileSync(join(codexDay, 'rollout-2026-12-02T23-57-53-01a23931-7892-7881-99a6-fdf6ae7fa1a5.jsonl'), rollout);
    // A Gemini chat for the cli project: projects.json maps the cwd to the folder it sits in.
    const chats = join(sb.home, '.gemini', 'tmp', 'cli', 'chats');
    mkdirSync(chats, { recursive: true });
    writeFileSync(join(sb.home, '.gemini', 'projects.json'), JSON.stringify({ projects: { [cli]: 'cli' } }));
    const chat = fixture('gemini', 'make-check-0.61.0.jsonl').replaceAll('make check', 'go test ./...').replaceAll('Run the lint and test checks', 'Run the Go tests');
    writeFileSync(join(chats, 'session-2026-12-02T23-57-05e79b18.jsonl'), chat);

    // A Codex SessionStart hook leaves its own session, which has only begun.
    const rolloutPath = join(codexDay, 'rollout-2026-12-02T23-57-53-01a23931-7892-7881-99a6-fdf6ae7fa1a5.jsonl');
    const own = cm(['import', '--from', 'codex', '--except', rolloutPath], { cwd: sb.home, env: sb.env });
    expect(own.stderr).toMatch(/imported 0 files/);
    const first = cm(['import', '--from', 'all'], { cwd: sb.home, env: sb.env });
    expect(first.status).toBe(0);
    expect(first.stderr).toMatch(/imported 2 files \(0 unchanged/);
    const webMemories = listJson({ cwd: web, env: sb.env });
    const cliMemories = listJson({ cwd: cli, env: sb.env });
    const texts = (ms: typeof webMemories): string => ms.map((m) => `${m.type}: ${m.text}\n${m.supplement}`).join('\n');
    // The reply already says what `make check` does: the command's own memory folds into it.
    expect(texts(webMemories)).toContain('project: All checks pass. `make check` runs the linter and the unit tests');
    expect(texts(webMemories)).toContain('ruff check src tests');
    expect(texts(cliMemories)).toContain('`go test ./...`');
    expect(texts(cliMemories)).not.toContain('make check');
    expect(webMemories.every((m) => m.agent === 'codex')).toBe(true);
    expect(cliMemories.every((m) => m.agent === 'gemini')).toBe(true);

    const second = cm(['import'], { cwd: sb.home, env: sb.env });
    expect(second.stderr).toMatch(/imported 0 files \(2 unchanged since the last import\), 0 memories/);
  });
});

describe('a transcript whose folder is not a project yet', () => {
  it('is skipped without being remembered as imported: after git init, the next import takes it', () => {
    const sb = makeSandbox('cm-import-later');
    // Outside the home folder and without .git: not a project, so nothing can be stored for it yet.
    const outside = mkdtempSync(join(tmpdir(), 'cm-not-yet-'));
    const dir = join(sb.home, '.claude', 'projects', outside.replace(/[^a-zA-Z0-9]/g, '-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'c1.jsonl'), transcriptFor(outside, 'c1'));
    const first = cm(['import', '--from', 'claude'], { cwd: sb.home, env: sb.env });
    expect(first.status).toBe(0);
    expect(first.stderr).toMatch(/skipped 1 transcript/);
    mkdirSync(join(outside, '.git'));
    const second = cm(['import', '--from', 'claude'], { cwd: sb.home, env: sb.env });
    expect(second.stderr).toMatch(/imported 1 file \(0 unchanged/);
    expect(listJson({ cwd: outside, env: sb.env }).length).toBeGreaterThan(0);
    rmSync(outside, { recursive: true, force: true });
  });
});
