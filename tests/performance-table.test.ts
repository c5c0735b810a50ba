import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readResults, renderPerformance, splicePerformance } from '../bench/performance.mjs';

const README = join(import.meta.dirname, '..', 'README.md');

describe('the README Performance section', () => {
  it('is generated from bench/results and is current (node bench/performance.mjs --write regenerates it)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(splicePerformance(readme, renderPerformance(readResults()))).toBe(readme);
  });

  it('judges each target from the figures: a changed figure changes the verdict', () => {
    const rows = (p50: string) => ({ figures: { mcp: [{ figure: 'mcp search', variant: '100000 memories, in the server', p50: `${p50} ms`, p99: '20 ms', baseline: '' }] } });
    const line = (md: string) => md.split('\n').find((l) => l.includes('MCP search in the running server')) ?? '';
    expect(line(renderPerformance({ bench: rows('9.5') }))).toMatch(/\| 9\.5 ms .*\| met \|$/);
    expect(line(renderPerformance({ bench: rows('12.0') }))).toMatch(/\| missed \|$/);
    expect(line(renderPerformance({}))).toMatch(/\| not run \|$/);
  });
});
