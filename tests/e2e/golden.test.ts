import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox, ROOT } from '../helpers/sandbox.js';
import { cm, listJson, type ListedMemory } from '../helpers/cli.js';

const FIXTURES = join(ROOT, 'tests', 'fixtures', 'casts');

/**
 * Golden session logs recorded through `claude-mem run` (a shell, a REPL,
 * the fake AI CLI in Chinese and in English, the real Claude Code 2.1.197
 * Gemini CLI 0.61.0 and Codex 0.171.0 against stand-in model APIs),
 * distilled by the built CLI.
 */
function distilled(): ListedMemory[] {
  const sb = makeSandbox('cm-golden');
  const sessions = join(sb.project, '.claude-mem', 'sessions');
  mkdirSync(sessions, { recursive: true });
  for (const f of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, f), join(sessions, f));
  const r = cm(['distill', '--all'], { cwd: sb.project, env: sb.env });
  expect(r.status).toBe(0);
  expect(r.stderr).toMatch(/processed 7 sessions/);
  return listJson({ cwd: sb.project, env: sb.env });
}

describe('golden sessions', () => {
  const memories = distilled();
  const find = (needle: string): ListedMemory[] => memories.filter((m) => `${m.text}\n${m.supplement}`.includes(needle));

  it('a shell session gives the project conventions it printed', () => {
    const pnpm = find('from now on we use pnpm instead of npm');
    expect(pnpm.length).toBeGreaterThan(0);
    expect(pnpm[0]).toMatchObject({ type: 'project', agent: 'bash', session_id: 'shell-bash' });
    // Too short to stand alone (20 of 30 weighted characters): kept in the session summary.
    expect(find('测试命令是 pytest -q').length).toBeGreaterThan(0);
  });

  it('a REPL session gives the decision typed in it', () => {
    // Once as the decision, once inside the session summary that lists the requests.
    const cents = find('decided to keep the totals in cents').filter((m) => !m.text.startsWith('python3 session:'));
    expect(cents).toHaveLength(1);
    expect(cents[0]?.agent).toBe('python3');
  });

  it('a real Claude Code session gives its answers and the marker, and none of its chrome', () => {
    const mine = memories.filter((m) => m.session_id === 'claude-code-2-1-197');
    expect(mine.find((m) => m.text.includes('ruff check src tests'))?.type).toBe('project');
    expect(mine.find((m) => m.text.includes('make dev'))?.text).toContain('3000 端口');
    expect(mine.filter((m) => m.text === 'release tags are signed, use git tag -s')).toHaveLength(1);
    for (const m of mine) expect(m.text).not.toMatch(/Cogitated|Churned|for shortcuts|\/context|Resume this session|Claude Code v|[✻⎿●❯]/);
  });

  it('a real Gemini CLI session gives its answer and the marker, and none of its banner, footer or exit box', () => {
    const mine = memories.filter((m) => m.session_id === 'gemini-cli-0-61-0');
    // Its answer is word for word the one Claude Code gave: one memory for both sessions.
    expect(find('This repo lints with ruff. Run ruff check src tests from the root; ruff format rewrites files in place.')).toHaveLength(1);
    // So is its marker: an exact repeat, refused.
    expect(find('release tags are signed, use git tag -s')).toHaveLength(1);
    for (const m of [...mine, ...memories]) expect(m.text).not.toMatch(/Gemini CLI v|Authenticated with|Tips for getting|for shortcuts|Type your message|no sandbox|Model Usage|To resume|[✦╭│]/);
  });

  it('a real Codex session gives its answer whole, not the frames of its streaming redraw, and none of its chrome', async () => {
    const { parseCast, screenLinesOf } = await import('../../src/index.js');
    const cast = parseCast(readFileSync(join(FIXTURES, 'codex-0-171-0.cast'), 'utf8'));
    const lines = await screenLinesOf(cast.events, { cols: cast.header.width, rows: cast.header.height });
    // The screen does show the partial frames ("Run `ruff check sr"): the segmenter must drop them.
    expect(lines.some((l) => l.text.includes('Run `ruff check sr'))).toBe(true);
    expect(memories.filter((m) => m.text.includes('ruff check'))).toHaveLength(1);
    for (const m of memories) expect(m.text).not.toMatch(/OpenAI Codex|for shortcuts|f2 to view|Worked for|gpt-5 default|Token usage|codex resume|Shutting down|`ruff check sr/);
  });

  it('a Chinese AI CLI session gives the test command, the log format, the marker once, and no small talk', () => {
    expect(find('`pytest -q`').some((m) => m.type === 'project' && m.session_id === 'ai-cli-zh')).toBe(true);
    expect(find('JSON 格式记录日志').length).toBeGreaterThan(0);
    const marker = memories.filter((m) => m.text === '发布前必须先跑 make lint');
    expect(marker).toHaveLength(1);
    expect(memories.some((m) => m.text.trim() === '好的' || m.text.trim() === '好的。')).toBe(false);
  });

  it('an English AI CLI session gives the test command as a project memory', () => {
    const t = memories.find((m) => m.session_id === 'ai-cli-en' && m.text.includes('The test command for this repo is `pytest -q`'));
    expect(t?.type).toBe('project');
    expect(t?.source).toMatch(/^sessions\/ai-cli-en\.cast#t=/);
  });

  it('every memory points back into its log', () => {
    for (const m of memories) expect(m.source).toMatch(/^sessions\/[\w-]+\.cast#t=\d+\.\d$/);
  });

  it("falls back to the screen, saying so once, when the CLI's transcript is missing, and uses it when it is there", () => {
    const sb = makeSandbox('cm-golden-transcript');
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    const raw = readFileSync(join(FIXTURES, 'claude-code-2-1-197.cast'), 'utf8');
    const [head, ...rest] = raw.split('\n');
    const header = JSON.parse(head ?? '{}') as { 'x-claude-mem': Record<string, unknown> };
    const transcriptPath = join(sb.home, '.claude', 'projects', 'p', 'abc.jsonl');
    header['x-claude-mem']['transcript'] = { kind: 'claude', id: 'abc', path: transcriptPath };
    writeFileSync(join(sessions, 'missing.cast'), [JSON.stringify(header), ...rest].join('\n'));
    const r = cm(['distill', '--all'], { cwd: sb.project, env: sb.env });
    expect(r.status).toBe(0);
    expect(r.stderr.match(/distilled from the screen \(no transcript at/g)).toHaveLength(1);
    expect(listJson({ cwd: sb.project, env: sb.env }).some((m) => m.text.includes('ruff check src tests'))).toBe(true);

    // With the transcript in place (found by its id, whatever the folder), it is what is read.
    mkdirSync(join(sb.home, '.claude', 'projects', 'elsewhere'), { recursive: true });
    copyFileSync(join(ROOT, 'tests', 'fixtures', 'transcripts', 'claude', 'make-check-2.1.197.jsonl'), join(sb.home, '.claude', 'projects', 'elsewhere', 'abc.jsonl'));
    writeFileSync(join(sessions, 'found.cast'), [JSON.stringify(header), ...rest].join('\n'));
    const r2 = cm(['distill', '--session', 'found'], { cwd: sb.project, env: sb.env });
    expect(r2.stderr).not.toContain('distilled from the screen');
    // The command its Bash tool ran (here folded into the near-identical reply as a supplement).
    expect(listJson({ cwd: sb.project, env: sb.env }).some((m) => `${m.text}\n${m.supplement}`.includes('Run the project checks: `make check` (succeeded here).'))).toBe(true);
  });
});
