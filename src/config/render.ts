import { yaml } from './yaml.js';
import { listConfigKeys, sectionDescription } from './keys.js';
import { readFileSync } from 'node:fs';
import { computedDefaults } from './schema.js';
import { quickHash } from '../ids.js';

function scalar(v: unknown): string {
  // Flow style keeps lists and strings on the key's own line.
  return yaml().stringify(v, { defaultStringType: 'QUOTE_DOUBLE', collectionStyle: 'flow' }).trim();
}

/** The text `claude-mem init` writes and `claude-mem.yaml.example` holds. */
export function renderExampleYaml(): string {
  const out: string[] = [
    '# claude-mem configuration. Every key is shown with its default.',
    '# Precedence, lowest first: defaults, ~/.config/claude-mem/config.yaml,',
    '# this file, CLAUDE_MEM_<SECTION>_<KEY> environment variables, --set flags.',
    '# Generated from the schema in src/config/schema.ts.',
  ];
  let section = '';
  for (const k of listConfigKeys()) {
    if (k.section !== section) {
      section = k.section;
      out.push('', `# ${sectionDescription(section)}`, `${section}:`);
    }
    out.push(`  # ${k.description} (${k.type}; env ${k.env})`);
    out.push(`  ${k.name}: ${scalar(k.default)}`);
  }
  return `${out.join('\n')}\n`;
}

/** The keys people change; `claude-mem init` offers these, commented out. */
const COMMON_KEYS = ['watch.enabled', 'watch.prompt_marker', 'inject.token_budget', 'inject.language', 'retrieval.top_k', 'distill.summarizer'];

/**
 * The short file `claude-mem init` writes: the keys people change, each
 * commented out at its default, so the file changes nothing until a line is
 * uncommented (a key set here would also pin what the embedder would
 * otherwise choose, such as the similarity thresholds).
 */
export function renderInitYaml(): string {
  const keys = listConfigKeys().filter((k) => COMMON_KEYS.includes(k.key));
  const out: string[] = [
    '# claude-mem settings for this project. Uncomment a line to change it.',
    '# Every key, with its value here: claude-mem config (all of them: claude-mem.yaml.example in the claude-mem package).',
  ];
  let section = '';
  for (const k of keys) {
    if (k.section !== section) {
      section = k.section;
      out.push('', `# ${section}:`);
    }
    out.push(`#   # ${k.description}`, `#   ${k.name}: ${scalar(k.default)}`);
  }
  return `${out.join('\n')}\n`;
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

/** The config table in README.md, between its markers. */
export function renderReadmeTable(): string {
  const rows = listConfigKeys().map(
    (k) => `| \`${k.key}\` | ${cell(k.type)} | \`${cell(scalar(k.default))}\` | ${cell(k.description)} |`,
  );
  return ['| key | type | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

export const README_TABLE_BEGIN = '<!-- config-table:begin (generated: npm run docs) -->';
export const README_TABLE_END = '<!-- config-table:end -->';

/** Replaces the generated table inside README text; pure, so tests can compare. */
export function spliceReadmeTable(readme: string): string {
  const start = readme.indexOf(README_TABLE_BEGIN);
  const end = readme.indexOf(README_TABLE_END);
  if (start < 0 || end < start) return readme;
  return `${readme.slice(0, start + README_TABLE_BEGIN.length)}\n${renderReadmeTable()}\n${readme.slice(end)}`;
}

/**
 * What a cached config (cache.ts) depends on besides its inputs: the config
 * code (trust.ts included: it decides which keys a project file keeps) and
 * the YAML and zod versions. Read from the sources, so a change to
 * any of them makes defaults.ts stale (a test says so) until regenerated.
 */
export function configFingerprint(): string {
  const root = new URL('../../', import.meta.url);
  const sources = ['schema', 'load', 'keys', 'index', 'cache', 'trust'].map((f) => readFileSync(new URL(`src/config/${f}.ts`, root), 'utf8'));
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { dependencies: Record<string, string> };
  return quickHash(JSON.stringify([sources, pkg.dependencies['yaml'], pkg.dependencies['zod']]));
}

/** src/config/defaults.ts: the schema's defaults as a constant, so a launch can skip zod. */
export function renderDefaultsModule(): string {
  return [
    '// Generated from src/config/schema.ts by "npm run docs"; a test fails when it is stale.',
    '// It lets a launch with no config skip loading zod.',
    "import type { Config } from './schema.js';",
    '',
    `export const DEFAULTS: Config = ${JSON.stringify(computedDefaults(), null, 2)};`,
    '',
    '/** The defaults, without loading zod. */',
    'export function defaultConfig(): Config {',
    '  return structuredClone(DEFAULTS);',
    '}',
    '',
    '/** The config code and the YAML and zod versions, hashed: a cached config (cache.ts) of another is not used. */',
    `export const CONFIG_FINGERPRINT = '${configFingerprint()}';`,
    '',
  ].join('\n');
}
