import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { castOfTurns } from '../helpers/casts.js';
import { cm, listJson } from '../helpers/cli.js';
import { contextSecrets } from '../helpers/secrets-context.js';
import { round3Secrets } from '../helpers/secrets-round3.js';
import { redact } from '../../src/index.js';
import type { FakeSecret } from '../helpers/secrets.js';

// The second corpus and the third (a security round's kinds), through every path.
const SECRETS = [...contextSecrets().secrets, ...round3Secrets().secrets];
const LOOK_ALIKES = [...contextSecrets().lookAlikes, ...round3Secrets().lookAlikes];

/** What of a secret must never be found: its distinctive parts, or a passphrase whole. */
function needles(s: FakeSecret): string[] {
  const rest = s.say.replace(s.secret, ' ').toLowerCase();
  const parts = s.secret
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p.length >= 6 && !rest.includes(p.toLowerCase()))
    .map((p) => p.toLowerCase());
  return s.secret.includes(' ') ? [s.secret.toLowerCase()] : parts.length ? parts : [s.secret.toLowerCase()];
}

function leakedIn(text: string, set: FakeSecret[] = SECRETS): string[] {
  const low = text.toLowerCase();
  return set.filter((s) => needles(s).some((n) => low.includes(n))).map((s) => s.family);
}

/** Every file claude-mem wrote under `dir`, except the raw session logs the README names as raw. */
function filesWritten(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return filesWritten(p);
    return name.endsWith('.cast') ? [] : [p];
  });
}


function claudeTranscript(cwd: string, says: string[]): string {
  let ms = Date.parse('2026-12-01T10:00:00Z');
  const line = (o: Record<string, unknown>): string => JSON.stringify({ ...o, cwd, sessionId: 'c1', version: '2.1.197', timestamp: new Date((ms += 1000)).toISOString() });
  return says
    .flatMap((say, i) => [
      line({ type: 'user', uuid: `u${i}`, message: { role: 'user', content: `note this for later: ${say}` } }),
      line({ type: 'assistant', uuid: `a${i}`, message: { role: 'assistant', content: [{ type: 'text', text: `Understood, I will keep that in mind: ${say}. The deploy config now reflects it.` }] } }),
    ])
    .join('\n');
}

describe('secrets named by the words around them', () => {
  it(`redacts all ${SECRETS.length} and at most one of ${LOOK_ALIKES.length} public look-alikes`, () => {
    expect(SECRETS.length).toBeGreaterThanOrEqual(50);
    expect(SECRETS.filter((s) => leakedIn(redact(s.say), [s]).length > 0).map((s) => `${s.family}: ${redact(s.say)}`)).toEqual([]);
    const touched = LOOK_ALIKES.filter((l) => redact(l.text) !== l.text).map((l) => `${l.family}: ${redact(l.text)}`);
    expect(touched.length, touched.join('\n')).toBeLessThanOrEqual(1);
  });
});

describe('no secret of the corpus reaches any file claude-mem writes, on any path', () => {
  const sb = makeSandbox('cm-redact2');
  const o = { cwd: sb.project, env: sb.env };
  const data = join(sb.home, 'data');
  const sixth = Math.ceil(SECRETS.length / 6);
  const part = (i: number): FakeSecret[] => SECRETS.slice(i * sixth, (i + 1) * sixth);
  let client: Client;

  beforeAll(async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--agent', 'claude'], cwd: sb.project, env: sb.env as Record<string, string>, stderr: 'pipe' });
    client = new Client({ name: 'claude-mem-test', version: '0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
  });

  it('remember, a recorded session (typed and answered), MCP remember, import --from claude, its memory notes, import --markdown', { timeout: 120_000 }, async () => {
    for (const s of part(0)) expect(cm(['remember', '--', s.say], o).status).toBe(0);

    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    writeFileSync(join(sessions, 'typed.cast'), castOfTurns(part(1).map((s) => ({ input: `remember this: ${s.say}`, output: `Noted. From now on: ${s.say}, and the deploy script was updated.` }))));
    expect(cm(['distill', '--all'], o).status).toBe(0);

    for (const s of part(2)) await client.callTool({ name: 'remember', arguments: { text: s.say } });

    const projects = join(sb.home, '.claude', 'projects', sb.project.replace(/[^a-zA-Z0-9]/g, '-'));
    mkdirSync(join(projects, 'memory'), { recursive: true });
    writeFileSync(join(projects, 'c1.jsonl'), claudeTranscript(sb.project, part(3).map((s) => s.say)));
    part(4).forEach((s, i) => writeFileSync(join(projects, 'memory', `note-${i}.md`), `---\nname: note-${i}\ndescription: a credential\nmetadata:\n  type: ${i % 2 ? 'user' : 'reference'}\n---\n${s.say}\n`));
    expect(cm(['import', '--from', 'claude'], { cwd: sb.home, env: sb.env }).status).toBe(0);

    const out = join(sb.home, 'notes');
    expect(cm(['export', '--markdown', out], o).status).toBe(0);
    mkdirSync(join(out, 'project'), { recursive: true });
    part(5).forEach((s, i) => writeFileSync(join(out, 'project', `new-${i}.md`), `${s.say}\n`));
    expect(cm(['import', '--markdown', out], o).status).toBe(0);

    // The launch block and its cache are written too.
    expect(cm(['run', 'true'], o).status).toBe(0);
    expect(cm(['context'], o).status).toBe(0);

    const memories = listJson(o);
    expect(memories.length).toBeGreaterThan(SECRETS.length / 2);
    expect(memories.filter((m) => m.text.includes('[redacted:')).length).toBeGreaterThan(SECRETS.length / 3);
    const files = [...filesWritten(join(sb.project, '.claude-mem')), ...filesWritten(data)];
    expect(files.some((f) => f.endsWith('mem.db'))).toBe(true);
    const found = files.flatMap((f) => leakedIn(readFileSync(f).toString('latin1')).map((fam) => `${fam} in ${f}`));
    expect(found).toEqual([]);
  });
});
