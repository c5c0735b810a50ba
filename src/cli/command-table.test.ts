import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildProgram } from './program.js';
import { baseProgram, VERSION } from './program-base.js';
import { SINGLE_WORDS, singleCommand } from './single-command.js';
import { renderCommandTable, spliceCommandTable } from './command-table.js';
import { createMessages } from './messages.js';
import type { CliEnv } from './env.js';

const cli: CliEnv = {
  cwd: '/',
  env: {},
  messages: createMessages({ quiet: true, write: () => undefined }),
  print: () => undefined,
  sets: () => [],
  argv: [],
  setExitCode: () => undefined,
  stderrIsTerminal: false,
};
const program = await buildProgram(cli, () => undefined, () => undefined);

describe('the README command table', () => {
  it('is generated from the command definitions and is current (npm run docs regenerates it)', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    expect(spliceCommandTable(readme, program)).toBe(readme);
  });

  it("ends every user command's --help with examples", () => {
    const leaves = (c: typeof program, path: string[]): string[][] =>
      c.commands.flatMap((sub) => (sub.commands.length ? leaves(sub, [...path, sub.name()]) : [[...path, sub.name()]]));
    const cli = join(import.meta.dirname, '..', '..', 'dist', 'bundle', 'main.cjs');
    for (const path of leaves(program, []).filter((p) => p[0] !== 'docs' && p[0] !== 'query-server' && p.join(' ') !== 'model status')) {
      const help = spawnSync(process.execPath, [cli, ...path, '--help'], { encoding: 'utf8' }).stdout;
      expect(help, path.join(' ')).toMatch(/Examples:\n(?:  \$ .+\n)+\s*$/);
    }
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

describe('commands built alone (single-command.ts)', () => {
  it('cover every command but docs, and build the same command as the whole program', async () => {
    const names = program.commands.map((c) => c.name()).sort();
    expect([...SINGLE_WORDS, 'docs'].sort()).toEqual(names);
    for (const word of SINGLE_WORDS) {
      const alone = baseProgram(cli, () => undefined);
      const register = singleCommand(word);
      (await register?.())?.(alone, cli, { onRunExit: () => undefined, version: VERSION });
      const mine = alone.commands.find((c) => c.name() === word);
      const whole = program.commands.find((c) => c.name() === word);
      expect(mine?.helpInformation()).toBe(whole?.helpInformation());
    }
  });
});
