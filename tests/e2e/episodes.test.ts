import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox } from '../helpers/sandbox.js';
import { cm, listJson } from '../helpers/cli.js';

/** A Claude Code transcript (the lines real 2.1.x writes that import reads), one message every two minutes from `start`. */
function transcript(cwd: string, sessionId: string, start: number, messages: Array<['user' | 'assistant', string]>): string {
  let parent: string | null = null;
  return messages
    .map(([role, text], i) => {
      const uuid = `${sessionId.slice(0, 8)}-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const common = { parentUuid: parent, isSidechain: false, type: role, uuid, timestamp: new Date(start + i * 120_000).toISOString(), cwd, sessionId, version: '2.1.197', userType: 'external' };
      parent = uuid;
      return JSON.stringify(
        role === 'user'
          ? { ...common, message: { role: 'user', content: text } }
          : { ...common, message: { id: `msg_${i}`, type: 'message', role: 'assistant', model: 'claude-opus-4-8', content: [{ type: 'text', text }], stop_reason: 'end_turn' } },
      );
    })
    .join('\n');
}

describe('what was said stays searchable (the episode index)', () => {
  it('imports last year’s transcripts, keeps their facts current, and finds a value said inside a question', () => {
    const sb = makeSandbox('cm-episodes');
    const project = sb.project;
    const dir = join(sb.home, '.claude', 'projects', project.replace(/[^a-zA-Z0-9]/g, '-'));
    mkdirSync(dir, { recursive: true });
    const t0 = Date.UTC(2025, 2, 3, 10);
    writeFileSync(
      join(dir, '11111111-2222-4333-8444-555555555555.jsonl'),
      transcript(project, '11111111-2222-4333-8444-555555555555', t0, [
        ['user', 'The test command for this repo is pnpm vitest run, and the dev server port is 5173.'],
        ['assistant', 'Fixed the flaky login test: the root cause was a shared database connection between tests.'],
        ['user', 'Our staging deploy key is sk-ant-api03-Zq8vN2xK4mP7rT1wY5bC9dF3gH6jL0nQ2sU4vX8zA1cE3 and please keep it safe.'],
        ['assistant', 'I will not repeat it.'],
      ]),
    );
    writeFileSync(
      join(dir, '22222222-2222-4333-8444-555555555555.jsonl'),
      transcript(project, '22222222-2222-4333-8444-555555555555', t0 + 40 * 86_400_000, [
        ['user', 'How should I prepare the retro now that the nightly batch window has grown to 95 minutes after the new partitions?'],
        ['assistant', 'Split the retro into what made the window grow and what could bring it back under an hour.'],
      ]),
    );
    const imported = cm(['import', '--from', 'claude'], { cwd: project, env: sb.env });
    expect(imported.status).toBe(0);
    expect(imported.stderr).toMatch(/passages of what was said indexed/);

    // A year-old import archives nothing for being old: heat starts when a memory enters the store.
    const all = listJson({ cwd: project, env: sb.env }, ['--archived']);
    expect(all.map((m) => m.text).join('\n')).toContain('pnpm vitest run');
    expect(all.filter((m) => m.status === 'archived')).toEqual([]);

    // The value said inside a question comes back, marked as said, with its date.
    const q = cm(['query', 'how long is the nightly batch window'], { cwd: project, env: sb.env });
    expect(q.status).toBe(0);
    expect(q.stdout).toMatch(/95 minutes/);
    const json = JSON.parse(cm(['query', 'nightly batch window', '--episodes', '--json'], { cwd: project, env: sb.env }).stdout) as Array<{ kind: string; text: string; said_at: string; role: string }>;
    expect(json[0]).toMatchObject({ kind: 'said', role: 'user' });
    expect(json[0]?.text).toContain('95 minutes');
    expect(json[0]?.said_at.slice(0, 10)).toBe('2025-04-12');

    // Redacted before it is stored: the key never comes back, through any search.
    const secret = cm(['query', 'staging deploy key', '--episodes'], { cwd: project, env: sb.env });
    expect(secret.stdout).toContain('staging deploy key');
    expect(secret.stdout).not.toContain('Zq8vN2xK4mP7rT1wY5bC9dF3gH6jL0nQ2sU4vX8zA1cE3');

    const status = cm(['status', '--json'], { cwd: project, env: sb.env });
    expect(JSON.parse(status.stdout).episodes).toMatchObject({ sessions: 2 });

    // A second import adds nothing twice.
    const again = cm(['import', '--from', 'claude'], { cwd: project, env: sb.env });
    expect(again.stderr).not.toMatch(/passages of what was said indexed/);
  });

  it('says so, with what to do, when nothing said matches', () => {
    const sb = makeSandbox('cm-episodes-none');
    cm(['remember', 'The test command for this repo is pnpm vitest run'], { cwd: sb.project, env: sb.env });
    const r = cm(['query', 'kubernetes ingress', '--episodes'], { cwd: sb.project, env: sb.env });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/nothing said matches .*leave out --episodes/);
  });

  it('with episodes.enabled false, an import keeps memories only', () => {
    const sb = makeSandbox('cm-episodes-off');
    const dir = join(sb.home, '.claude', 'projects', sb.project.replace(/[^a-zA-Z0-9]/g, '-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '33333333-2222-4333-8444-555555555555.jsonl'), transcript(sb.project, '33333333-2222-4333-8444-555555555555', Date.UTC(2025, 0, 5, 9), [['user', 'The nightly batch window has grown to 95 minutes.'], ['assistant', 'Noted.']]));
    const r = cm(['--set', 'episodes.enabled=false', 'import', '--from', 'claude'], { cwd: sb.project, env: sb.env });
    expect(r.status).toBe(0);
    expect(JSON.parse(cm(['status', '--json'], { cwd: sb.project, env: sb.env }).stdout).episodes).toMatchObject({ passages: 0 });
  });
});

