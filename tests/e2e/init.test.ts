import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { makeSandbox } from '../helpers/sandbox.js';
import { cm } from '../helpers/cli.js';

describe('claude-mem init', () => {
  it('writes a short file of the keys people change, commented out, adds .claude-mem/ to .gitignore once, and never overwrites without --force', () => {
    const sb = makeSandbox('cm-init');
    const o = { cwd: sb.project, env: sb.env };
    expect(cm(['init'], o).status).toBe(0);
    const yaml = readFileSync(join(sb.project, 'claude-mem.yaml'), 'utf8');
    // Nothing is set until a line is uncommented: the embedder keeps its own thresholds.
    expect(parse(yaml)).toBeNull();
    expect(yaml).toContain('claude-mem config');
    expect(yaml).not.toContain('Generated from the schema');
    for (const key of ['token_budget', 'prompt_marker', 'top_k', 'summarizer']) expect(yaml).toMatch(new RegExp(`^#   ${key}: `, 'm'));
    expect(yaml.split('\n').length).toBeLessThan(30);
    const status = JSON.parse(cm(['status', '--json'], o).stdout) as { thresholds: { retrieval: number } };
    expect(status.thresholds.retrieval).toBe(0.38);
    // Uncommenting a line takes effect; the block's size widens what is handed to the CLI, so once the folder is trusted.
    writeFileSync(join(sb.project, 'claude-mem.yaml'), yaml.replace('#   token_budget: 1500', 'inject:\n  token_budget: 900'));
    const untrusted = cm(['config', '--json'], o);
    expect(untrusted.stderr).toMatch(/ignoring inject\.token_budget/);
    expect((JSON.parse(untrusted.stdout) as { keys: Array<{ key: string; value: unknown }> }).keys.find((k) => k.key === 'inject.token_budget')?.value).toBe(1500);
    expect(cm(['trust'], o).status).toBe(0);
    const cfg = JSON.parse(cm(['config', '--json'], o).stdout) as { keys: Array<{ key: string; value: unknown }> };
    expect(cfg.keys.find((k) => k.key === 'inject.token_budget')?.value).toBe(900);
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
    expect(readFileSync(join(sb.project, 'claude-mem.yaml'), 'utf8')).toContain('#   token_budget: 1500');
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
