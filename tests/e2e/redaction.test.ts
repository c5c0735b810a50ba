import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSandbox } from '../helpers/sandbox.js';
import { cm } from '../helpers/cli.js';
import { fakeSecrets, secretCores } from '../helpers/secrets.js';
import { encodeEvent, encodeHeader, redact, type SessionEvent } from '../../src/index.js';

const SECRETS = fakeSecrets();

/** Every byte of both stores (WAL included), lowercased: every table, FTS shadow tables too. */
function storeText(project: string, dataDir: string): string {
  const files = ['mem.db', 'mem.db-wal'].flatMap((f) => [join(project, '.claude-mem', f), join(dataDir, f)]);
  return files
    .filter(existsSync)
    .map((f) => readFileSync(f).toString('latin1'))
    .join('\n')
    .toLowerCase();
}

function leaked(text: string): string[] {
  return SECRETS.filter((s) => secretCores(s.secret).some((core) => text.includes(core))).map((s) => s.family);
}

function castOf(lines: Array<{ input?: string; output?: string }>): string {
  const header = encodeHeader({
    version: 2,
    width: 200,
    height: 40,
    timestamp: 1_764_000_000,
    command: 'claude',
    env: { TERM: 'xterm-256color', SHELL: '/bin/sh' },
    'x-claude-mem': { session_id: 's', cwd: '/p', agent: 'claude' },
  });
  let t = 0;
  const events: SessionEvent[] = [];
  for (const l of lines) {
    if (l.input) {
      events.push({ t: (t += 1), code: 'i', data: `${l.input}\r` });
      events.push({ t: (t += 0.01), code: 'o', data: `> ${l.input}\r\n` });
    }
    if (l.output) events.push({ t: (t += 0.5), code: 'o', data: `${l.output.replace(/\n/g, '\r\n')}\r\n` });
  }
  return header + events.map(encodeEvent).join('');
}

describe('redaction on every path into the store', () => {
  it(`covers the corpus: ${SECRETS.length} secrets across the gitleaks families`, () => {
    expect(SECRETS.length).toBeGreaterThanOrEqual(60);
    const missed = SECRETS.filter((s) => secretCores(s.secret).some((core) => redact(s.say).toLowerCase().includes(core)));
    expect(missed.map((m) => `${m.family}: ${redact(m.say)}`)).toEqual([]);
  });

  it('keeps ordinary coding text intact: paths, identifiers, git SHAs, UUIDs, numbers', () => {
    const plain = [
      'fixed in 3f9a2c1 and e83c5163316f89bfbde7d9ab23ca2e25604af290 on main',
      'the file is src/components/Button/index.tsx, run npm run build:production',
      'session 8c1f2a4e-5b6d-4e7f-9a0b-1c2d3e4f5a6b was replayed',
      'MAX_SUPPLEMENT_CHARS_FOR_TESTING is 4000 and token_budget: 1500',
      'the image is sha256:9b2a7c0f4e1d3b5a6c8e0f2d4b6a8c0e1f3d5b7a9c1e3f5d7b9a1c3e5f7d9b1a',
    ];
    for (const p of plain) expect(redact(p)).toBe(p);
  });

  it('stores none of them in clear via remember, markers, distilled sentences, supplements or session summaries', () => {
    const sb = makeSandbox('cm-redact');
    const o = { cwd: sb.project, env: sb.env };
    const third = Math.ceil(SECRETS.length / 3);
    const viaRemember = SECRETS.slice(0, third);
    const viaMarker = SECRETS.slice(third, 2 * third);
    const viaDistill = SECRETS.slice(2 * third);
    for (const s of viaRemember) cm(['remember', '--', s.say], o);
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    writeFileSync(
      join(sessions, 'markers.cast'),
      castOf(viaMarker.map((s) => ({ output: `!记得 ${s.say}` }))),
    );
    writeFileSync(
      join(sessions, 'distilled.cast'),
      castOf(
        viaDistill.flatMap((s) => [
          { input: `please look at ${s.say}`, output: `Decided to keep it: ${s.say}, fixed the config accordingly` },
        ]),
      ),
    );
    expect(cm(['distill', '--all'], o).status).toBe(0);
    const list = JSON.parse(cm(['list', '--json'], o).stdout) as Array<{ text: string; supplement: string }>;
    expect(list.length).toBeGreaterThan(20);
    expect(list.some((m) => m.text.includes('[redacted:'))).toBe(true);
    const status = JSON.parse(cm(['status', '--json'], o).stdout) as { last_summary: string | null };
    expect(status.last_summary).toBeTruthy();
    expect(leaked(storeText(sb.project, join(sb.home, 'data')))).toEqual([]);
  });
});
