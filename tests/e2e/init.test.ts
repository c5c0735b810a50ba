import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { makeSandbox } from '../helpers/sandbox.js';
import { cm } from '../helpers/cli.js';
import { listConfigKeys, defaultConfig } from '../../src/memory/index.js';

describe('claude-mem init', () => {
  it('writes every key with a comment, adds .claude-mem/ to .gitignore once, and never overwrites without --force', () => {
    const sb = makeSandbox('cm-init');
    const o = { cwd: sb.project, env: sb.env };
    expect(cm(['init'], o).status).toBe(0);
    const yaml = readFileSync(join(sb.project, 'claude-mem.yaml'), 'utf8');
    expect(parse(yaml)).toEqual(JSON.parse(JSON.stringify(defaultConfig())));
    const lines = yaml.split('\n');
    for (const k of listConfigKeys()) {
      const at = lines.findIndex((l) => l.trim().startsWith(`${k.name}:`));
      expect(at, k.key).toBeGreaterThan(0);
      expect(lines[at - 1]?.trim().startsWith('#'), k.key).toBe(true);
    }
    expect(readFileSync(join(sb.project, '.gitignore'), 'utf8')).toBe('.claude-mem/\n');

    writeFileSync(join(sb.project, 'claude-mem.yaml'), 'inject:\n  token_budget: 800\n');
    const again = cm(['init'], o);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists; use --force/);
    expect(readFileSync(join(sb.project, 'claude-mem.yaml'), 'utf8')).toBe('inject:\n  token_budget: 800\n');

    writeFileSync(join(sb.project, '.gitignore'), 'node_modules/');
    expect(cm(['init', '--force'], o).status).toBe(0);
    expect(cm(['init', '--force'], o).status).toBe(0);
    expect(readFileSync(join(sb.project, '.gitignore'), 'utf8')).toBe('node_modules/\n.claude-mem/\n');
    expect(parse(readFileSync(join(sb.project, 'claude-mem.yaml'), 'utf8')).inject.token_budget).toBe(1500);
  });

  it('reports config errors with their own exit code, naming file, line and key', () => {
    const sb = makeSandbox('cm-badcfg');
    writeFileSync(join(sb.project, 'claude-mem.yaml'), 'retrieval:\n  top_k: 5\n  topk: 3\n');
    // A typo in a key is ignored with a warning and a suggestion: commands and recording go on.
    const r = cm(['list'], { cwd: sb.project, env: sb.env });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^claude-mem: warning: .*claude-mem\.yaml:3: unknown key "retrieval\.topk", ignored; did you mean "retrieval\.top_k"\?$/m);
    writeFileSync(join(sb.project, 'claude-mem.yaml'), 'inject:\n  token_budjet: 900\n');
    const run = cm(['run', 'true'], { cwd: sb.project, env: sb.env });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/unknown key "inject\.token_budjet", ignored; did you mean "inject\.token_budget"\? Recording and memory go on\./);
    expect(cm(['status'], { cwd: sb.project, env: sb.env }).status).toBe(0);
    expect(cm(['remember', 'The deploy script lives in ops/deploy.sh and runs on Fridays'], { cwd: sb.project, env: sb.env }).status).toBe(0);
    // A wrong type is still an error with its own exit code.
    writeFileSync(join(sb.project, 'claude-mem.yaml'), 'retrieval:\n  top_k: many\n');
    const shown = cm(['config', '--json'], { cwd: sb.project, env: { ...sb.env, CLAUDE_MEM_INJECT_TOKEN_BUDGET: '900' } });
    expect(shown.status).toBe(78);
    expect(shown.stderr).toMatch(/claude-mem\.yaml:2: "retrieval\.top_k": expected number/);
    writeFileSync(join(sb.project, 'claude-mem.yaml'), 'retrieval:\n  top_k: 3\n');
    const ok = JSON.parse(cm(['config', '--json'], { cwd: sb.project, env: { ...sb.env, CLAUDE_MEM_INJECT_TOKEN_BUDGET: '900' } }).stdout) as {
      keys: Array<{ key: string; value: unknown; set: boolean }>;
    };
    expect(ok.keys.find((k) => k.key === 'retrieval.top_k')).toMatchObject({ value: 3, set: true });
    expect(ok.keys.find((k) => k.key === 'inject.token_budget')).toMatchObject({ value: 900, set: true });
    expect(ok.keys.find((k) => k.key === 'decay.archive_after_days')).toMatchObject({ value: 30, set: false });
  });
});
