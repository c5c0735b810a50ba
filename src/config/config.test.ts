import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, defaultConfig, computedDefaults, listConfigKeys } from './index.js';
import { renderExampleYaml, spliceReadmeTable, renderDefaultsModule } from './render.js';
import { ConfigError, exitCodes } from '../errors.js';
import { readConfigText, mergeLayers } from './load.js';
import { configKey } from './cache.js';
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
    expect(c.retrieval).toEqual({ top_k: 5, similarity_threshold: 0.72, cross_dir_penalty: 0.85, query_server: true });
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
    // The block's size is a trust key: a cloned repository's file may not widen it (the user's own 900 stands).
    expect(a.config.inject.token_budget).toBe(900);
    expect(a.warnings[0]).toMatch(/ignoring inject\.token_budget/);
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
    const e = errorOf('watch:\n  idle_split_minutes: lots\n');
    expect(e.message).toMatch(/claude-mem\.yaml:2: "watch\.idle_split_minutes": expected number/);
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

  it('reads an empty variable or --set value as an empty string, which clears a text setting', () => {
    const { root, env } = sandbox();
    const c = loadConfig({ cwd: join(root, 'proj'), env: { ...env, CLAUDE_MEM_TEAM_URL: '', CLAUDE_MEM_TEAM_NAME: '' }, sets: ['distill.summarizer='] });
    expect([c.config.team.url, c.config.team.name, c.config.distill.summarizer]).toEqual(['', '', '']);
    expect(() => loadConfig({ cwd: join(root, 'proj'), env: { ...env, CLAUDE_MEM_RETRIEVAL_TOP_K: '' } })).toThrow(/environment: "retrieval\.top_k"/);
  });

  it('treats a missing file as empty', () => {
    expect(readConfigText('/nonexistent/claude-mem.yaml')).toBeUndefined();
    expect(mergeLayers([]).config).toEqual(defaultConfig());
  });
});

describe('the loaded-config cache', () => {
  const cacheFile = (env: NodeJS.ProcessEnv): string => join(env['CLAUDE_MEM_DATA_DIR'] as string, 'config-cache.json');

  it('keeps a config file\'s result, and a changed file, variable or flag is loaded afresh', () => {
    const sb = sandbox();
    const cwd = join(sb.root, 'proj');
    writeFileSync(join(cwd, 'claude-mem.yaml'), 'retrieval:\n  top_k: 7\ninject:\n  token_budgett: 900\n');
    const first = loadConfig({ cwd, env: sb.env });
    expect(first.config.retrieval.top_k).toBe(7);
    expect(first.warnings[0]).toContain('did you mean "inject.token_budget"');
    // The second load is the kept one: the same result, warnings included.
    const second = loadConfig({ cwd, env: sb.env });
    expect(second.config).toEqual(first.config);
    expect([...second.explicit]).toEqual([...first.explicit]);
    expect([...second.sources]).toEqual([...first.sources]);
    expect(second.warnings).toEqual(first.warnings);
    expect(second.files).toEqual(first.files);
    // It really is read from the cache (no YAML parsed): a value changed there shows.
    writeFileSync(cacheFile(sb.env), readFileSync(cacheFile(sb.env), 'utf8').replace('"top_k":7', '"top_k":8'));
    expect(loadConfig({ cwd, env: sb.env }).config.retrieval.top_k).toBe(8);
    // Any change of input is a new key.
    writeFileSync(join(cwd, 'claude-mem.yaml'), 'retrieval:\n  top_k: 6\n');
    expect(loadConfig({ cwd, env: sb.env }).config.retrieval.top_k).toBe(6);
    expect(loadConfig({ cwd, env: { ...sb.env, CLAUDE_MEM_RETRIEVAL_TOP_K: '3' } }).config.retrieval.top_k).toBe(3);
    expect(loadConfig({ cwd, env: sb.env, sets: ['retrieval.top_k=2'] }).config.retrieval.top_k).toBe(2);
    expect(loadConfig({ cwd, env: sb.env }).config.retrieval.top_k).toBe(6);
  });

  it('never keeps a config that fails: the error comes every time', () => {
    const sb = sandbox();
    const cwd = join(sb.root, 'proj');
    writeFileSync(join(cwd, 'claude-mem.yaml'), 'watch:\n  idle_split_minutes: lots\n');
    for (let i = 0; i < 2; i++) expect(() => loadConfig({ cwd, env: sb.env })).toThrow(ConfigError);
    writeFileSync(join(cwd, 'claude-mem.yaml'), 'inject: [\n');
    for (let i = 0; i < 2; i++) expect(() => loadConfig({ cwd, env: sb.env })).toThrow(/invalid YAML/);
  });

  it('loads the long way past a damaged cache file or an unwritable data folder', () => {
    const sb = sandbox();
    const cwd = join(sb.root, 'proj');
    writeFileSync(join(cwd, 'claude-mem.yaml'), 'retrieval:\n  top_k: 4\n');
    mkdirSync(sb.env['CLAUDE_MEM_DATA_DIR'] as string, { recursive: true });
    writeFileSync(cacheFile(sb.env), '{"v":1,"entries":[["x",');
    expect(loadConfig({ cwd, env: sb.env }).config.retrieval.top_k).toBe(4);
    expect(loadConfig({ cwd, env: sb.env }).config.retrieval.top_k).toBe(4);
    // A file where the data folder should be: nothing can be kept, the config still loads.
    const blocked = { ...sb.env, CLAUDE_MEM_DATA_DIR: join(sb.root, 'not-a-folder') };
    writeFileSync(blocked.CLAUDE_MEM_DATA_DIR, '');
    expect(loadConfig({ cwd, env: blocked }).config.retrieval.top_k).toBe(4);
  });

  it('keys on the config code too: another fingerprint is another key', () => {
    const inputs = { files: [{ path: '/p/claude-mem.yaml', text: 'retrieval:\n  top_k: 4\n' }], env: [] as Array<[string, string]>, sets: [] };
    expect(configKey(inputs, 'a')).toBe(configKey(inputs, 'a'));
    expect(configKey(inputs, 'a')).not.toBe(configKey(inputs, 'b'));
    expect(configKey({ ...inputs, files: [{ path: '/q/claude-mem.yaml', text: inputs.files[0]?.text ?? '' }] }, 'a')).not.toBe(configKey(inputs, 'a'));
  });
});
