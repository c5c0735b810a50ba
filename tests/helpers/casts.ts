import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCast, type ParsedCast } from '../../src/memory/index.js';

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
