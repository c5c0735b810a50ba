import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProgram } from './program.js';
import { renderCommandTable, spliceCommandTable } from './command-table.js';
import { createMessages } from './messages.js';
import type { CliEnv } from './env.js';

const cli: CliEnv = { cwd: '/', env: {}, messages: createMessages({ quiet: true, write: () => undefined }), print: () => undefined, sets: () => [] };
const program = buildProgram(cli, () => undefined, () => undefined);

describe('the README command table', () => {
  it('is generated from the command definitions and is current (npm run docs regenerates it)', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    expect(spliceCommandTable(readme, program)).toBe(readme);
  });

  it('lists every user command with its flags, and no developer ones', () => {
    const table = renderCommandTable(program);
    expect(table).toContain('`claude-mem query [--type global\\|project\\|fact]');
    expect(table).toMatch(/claude-mem query .*\[--until DATE\]/);
    expect(table).toMatch(/claude-mem distill .*\[--live\]/);
    expect(table).toContain('claude-mem model pull [name]');
    expect(table).not.toContain('claude-mem docs');
  });
});
