import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeEvent, encodeHeader, parseCast, type ParsedCast, type SessionEvent } from '../../src/index.js';

export function castsIn(project: string): Array<{ file: string; cast: ParsedCast; raw: string }> {
  const dir = join(project, '.claude-mem', 'sessions');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.cast'));
  } catch {
    return [];
  }
  return files.map((f) => {
    const raw = readFileSync(join(dir, f), 'utf8');
    return { file: join(dir, f), cast: parseCast(raw), raw };
  });
}

/** A recorded session of typed lines and their answers, as the wrapper would write it (the echo after each input). */
export function castOfTurns(turns: Array<{ input: string; output: string }>): string {
  const header = encodeHeader({ version: 2, width: 200, height: 40, timestamp: 1_764_000_000, command: 'claude', env: { TERM: 'xterm-256color', SHELL: '/bin/sh' }, 'x-claude-mem': { session_id: 's', cwd: '/p', agent: 'claude' } });
  let t = 0;
  const events: SessionEvent[] = [];
  for (const l of turns) {
    events.push({ t: (t += 1), code: 'i', data: `${l.input}\r` });
    events.push({ t: (t += 0.01), code: 'o', data: `> ${l.input}\r\n` });
    events.push({ t: (t += 0.5), code: 'o', data: `${l.output.replace(/\n/g, '\r\n')}\r\n` });
  }
  return header + events.map(encodeEvent).join('');
}
