import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { handoverFile, sweepHandovers } from './handover.js';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('handover files', () => {
  it('names the file for this wrapper, and the sweep removes only those of wrappers that are gone, old folders too', () => {
    const data = mkdtempSync(join(tmpdir(), 'handover-'));
    made.push(data);
    const mine = handoverFile(data);
    expect(mine.startsWith(join(data, 'run', `context-${process.pid}-`))).toBe(true);
    writeFileSync(mine, 'block\n');
    // A pid above any pid_max: a wrapper long gone (kill -9).
    const dead = join(data, 'run', 'context-999999999-abcd.md');
    writeFileSync(dead, 'block\n');
    const oldFolder = join(data, 'run', '999999999-abcd');
    mkdirSync(oldFolder);
    writeFileSync(join(oldFolder, 'context.md'), 'block\n');
    // The query server's socket and stamp live there too, and are not handovers.
    writeFileSync(join(data, 'run', 'query-0abc.sock'), '');
    writeFileSync(join(data, 'run', 'query-0abc.sock.started'), '');
    expect(sweepHandovers(data)).toBe(2);
    expect(readdirSync(join(data, 'run')).sort()).toEqual([mine.split('/').pop(), 'query-0abc.sock', 'query-0abc.sock.started'].sort());
    expect(existsSync(mine)).toBe(true);
  });

  it('sweeps nothing where no launch has handed a block over yet', () => {
    const data = mkdtempSync(join(tmpdir(), 'handover-'));
    made.push(data);
    expect(sweepHandovers(data)).toBe(0);
  });
});
