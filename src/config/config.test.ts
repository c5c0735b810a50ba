import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, defaultConfig, computedDefaults, listConfigKeys } from './index.js';
import { renderExampleYaml, spliceReadmeTable, renderDefaultsModule } from './render.js';
import { ConfigError, exitCodes } from '../errors.js';
import { readConfigFile, mergeLayers } from './load.js';
import { parse } from 'yaml';

function sandbox(): { root: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(join(tmpdir(), 'cm-config-'));
  mkdirSync(join(root, 'proj', '.git'), { recursive: true });
  return { root, env: { HOME: root, XDG_CONFIG_HOME: join(root, 'cfg'), CLAUDE_MEM_DATA_DIR: join(root, 'data') } };
}

describe('config schema', () => {
  it('holds every key of the design defaults table with its default', () => {
    const c = defaultConfig();
    expect(c.watch).toMatchObject({ enabled: true, prompt_marker: '!记得', idle_split_minutes: 5 });
    expect(c.store.db_path).toBe('.claude-mem/mem.db');
    expect(c.retrieval).toEqual({ top_k: 5, similarity_threshold: 0.72, cross_dir_penalty: 0.85 });
    expect(c.inject.token_budget).toBe(1500);
    expect(c.trivia.filter_enabled).toBe(true);
    expect(c.dedup).toEqual({ update_threshold: 0.92, merge_threshold: 0.8 });
    expect(c.decay.archive_after_days).toBe(30);
    expect(c.distill.periodic_minutes).toBe(10);
  });

  it('gives every key a description and an env var', () => {
    for (const k of listConfigKeys()) {
      expect(k.description, k.key).not.toBe('');
      expect(k.env).toMatch(/^CLAUDE_MEM_[A-Z_]+$/);
    }
  });

  it('renders an example that parses back to the defaults', () => {
    expect(parse(renderExampleYaml())).toEqual(JSON.parse(JSON.stringify(defaultConfig())));
  });
});

describe('generated docs', () => {
  const root = join(import.meta.dirname, '..', '..');
  it('claude-mem.yaml.example is current (npm run docs regenerates it)', () => {
    expect(readFileSync(join(root, 'claude-mem.yaml.example'), 'utf8')).toBe(renderExampleYaml());
  });
  it('src/config/defaults.ts holds the schema defaults (npm run docs regenerates it)', () => {
    expect(readFileSync(join(root, 'src', 'config', 'defaults.ts'), 'utf8')).toBe(renderDefaultsModule());
    expect(defaultConfig()).toEqual(computedDefaults());
  });
  it('the README config table is current', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(spliceReadmeTable(readme)).toBe(readme);
  });
});

describe('loading', () => {
  it('applies precedence: defaults < user < project < env < flags', () => {
    const { root, env } = sandbox();
    mkdirSync(join(root, 'cfg', 'claude-mem'), { recursive: true });
    writeFileSync(join(root, 'cfg', 'claude-mem', 'config.yaml'), 'inject:\n  token_budget: 900\nretrieval:\n  top_k: 3\n  cross_dir_penalty: 0.5\n');
    writeFileSync(join(root, 'proj', 'claude-mem.yaml'), 'inject:\n  token_budget: 800\nretrieval:\n  top_k: 4\n');
    const cwd = join(root, 'proj');
    const a = loadConfig({ cwd, env });
    expect(a.config.inject.token_budget).toBe(800);
    expect(a.config.retrieval.cross_dir_penalty).toBe(0.5);
    expect(a.config.retrieval.top_k).toBe(4);
    const b = loadConfig({ cwd, env: { ...env, CLAUDE_MEM_INJECT_TOKEN_BUDGET: '700' } });
    expect(b.config.inject.token_budget).toBe(700);
    const c = loadConfig({ cwd, env: { ...env, CLAUDE_MEM_INJECT_TOKEN_BUDGET: '700' }, sets: ['inject.token_budget=600'] });
    expect(c.config.inject.token_budget).toBe(600);
    expect(c.explicit.has('inject.token_budget')).toBe(true);
    expect(c.explicit.has('dedup.update_threshold')).toBe(false);
  });

  function errorOf(yaml: string): ConfigError {
    const { root, env } = sandbox();
    writeFileSync(join(root, 'proj', 'claude-mem.yaml'), yaml);
    try {
      loadConfig({ cwd: join(root, 'proj'), env });
    } catch (err) {
      if (err instanceof ConfigError) return err;
      throw err;
    }
    throw new Error('expected a ConfigError');
  }

  it('ignores an unknown key with a warning naming file, line, key and the likely one', () => {
    const { root, env } = sandbox();
    writeFileSync(join(root, 'proj', 'claude-mem.yaml'), 'watch:\n  enabled: false\n  idle_minutes: 3\n');
    const loaded = loadConfig({ cwd: join(root, 'proj'), env });
    expect(loaded.config.watch.enabled).toBe(false);
    expect(loaded.warnings).toHaveLength(1);
    expect(loaded.warnings[0]).toMatch(/claude-mem\.yaml:3: unknown key "watch\.idle_minutes", ignored; did you mean "watch\.idle_split_minutes"\?/);
    expect(exitCodes.config).toBe(78);
  });

  it('names the expected type for a wrong type', () => {
    const e = errorOf('inject:\n  token_budget: lots\n');
    expect(e.message).toMatch(/claude-mem\.yaml:2: "inject\.token_budget": expected number/);
  });

  it('reports invalid YAML with its line', () => {
    const e = errorOf('watch:\n  enabled: [true\n');
    expect(e.message).toMatch(/invalid YAML in .*claude-mem\.yaml:\d+/);
  });

  it('ignores an unknown top-level section, suggesting the section meant', () => {
    const { root, env } = sandbox();
    writeFileSync(join(root, 'proj', 'claude-mem.yaml'), 'wach:\n  enabled: true\n');
    expect(loadConfig({ cwd: join(root, 'proj'), env }).warnings[0]).toMatch(/:1: unknown key "wach", ignored; did you mean "watch"\?/);
  });

  it('rejects a bad environment value, naming the key', () => {
    const { root, env } = sandbox();
    expect(() => loadConfig({ cwd: join(root, 'proj'), env: { ...env, CLAUDE_MEM_RETRIEVAL_TOP_K: 'many' } })).toThrow(/environment: "retrieval\.top_k"/);
  });

  it('treats a missing file as empty', () => {
    expect(readConfigFile('/nonexistent/claude-mem.yaml')).toBeUndefined();
    expect(mergeLayers([]).config).toEqual(defaultConfig());
  });
});
