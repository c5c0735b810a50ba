import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const SRC = join(import.meta.dirname, '..', 'src');

/** Every source file under src/, relative to it, with the src/ folders its relative imports reach. */
function sources(): Array<{ file: string; lines: number; reaches: string[] }> {
  const out: Array<{ file: string; lines: number; reaches: string[] }> = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
        const text = readFileSync(p, 'utf8');
        const reaches = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => {
          const target = relative(SRC, normalize(join(dirname(p), m[1] ?? '')));
          return target.includes('/') ? (target.split('/')[0] ?? '') : '(root)';
        });
        out.push({ file: relative(SRC, p), lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), reaches });
      }
    }
  };
  walk(SRC);
  return out;
}

const folderOf = (file: string): string => (file.includes('/') ? (file.split('/')[0] ?? '') : '(root)');

// The arrows that must not exist (README, "Layout"): the library core uses
// neither a wrapped session's code nor the background's; none of the three
// reaches up to the commands, the servers or setup; the layers below them
// know none of them.
const FORBIDDEN: Record<string, string[]> = {
  memory: ['session', 'background', 'team', 'setup', 'cli', 'mcp', 'ui'],
  session: ['setup', 'cli', 'mcp', 'ui'],
  background: ['session', 'setup', 'cli', 'mcp', 'ui'],
  // The team store is work done beside the user, like the background: on the core, never above it.
  team: ['session', 'background', 'setup', 'cli', 'mcp', 'ui'],
  ...Object.fromEntries(['store', 'episodes', 'timeline', 'inject', 'distill', 'pty', 'transcripts', 'config', 'text', 'segmenter'].map((f) => [f, ['memory', 'session', 'background', 'team', 'setup', 'cli', 'mcp', 'ui']])),
};

describe('the house by role', () => {
  it('has no arrow from the core to the session or the background, nor from any of them up', () => {
    const bad = sources().flatMap((s) => (FORBIDDEN[folderOf(s.file)] ?? []).filter((f) => s.reaches.includes(f)).map((f) => `${s.file} → ${f}/`));
    expect(bad).toEqual([]);
  });

  it('has no source file over 300 lines', () => {
    expect(sources().filter((s) => s.lines > 300).map((s) => `${s.file}: ${s.lines}`)).toEqual([]);
  });
});
