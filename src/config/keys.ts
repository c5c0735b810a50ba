import { createRequire } from 'node:module';
import { configSchema } from './schema.js';
import { DEFAULTS } from './defaults.js';

const requireCjs = createRequire(import.meta.url);
function toJsonSchema(): JsonSchemaNode {
  const { z } = requireCjs('zod') as typeof import('zod');
  return z.toJSONSchema(configSchema(), { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
}

/** One leaf of the schema, flattened for docs, env vars and `--set`. */
export interface ConfigKey {
  /** Dotted path, e.g. "inject.token_budget". */
  key: string;
  section: string;
  name: string;
  type: string;
  default: unknown;
  description: string;
  /** Environment variable that sets it, e.g. CLAUDE_MEM_INJECT_TOKEN_BUDGET. */
  env: string;
}

interface JsonSchemaNode {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
}

function describeType(node: JsonSchemaNode): string {
  if (node.enum) return node.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (node.type === 'array') return `list of ${node.items?.type === 'object' ? 'adapters' : describeType(node.items ?? {})}`;
  if (node.type === 'integer') return 'integer';
  if (Array.isArray(node.type)) return node.type.join(' | ');
  return node.type ?? 'any';
}

/** Dotted key names from the generated defaults: no zod, for every launch. */
export function configKeyNames(): string[] {
  return Object.entries(DEFAULTS).flatMap(([section, values]) => Object.keys(values).map((name) => `${section}.${name}`));
}

export function envName(key: string): string {
  return `CLAUDE_MEM_${key.replace(/\./g, '_').toUpperCase()}`;
}

/** The CLAUDE_MEM_ variables of known keys that are set, as [key, raw value]. */
export function configEnvValues(env: NodeJS.ProcessEnv): Array<[string, string]> {
  return configKeyNames().flatMap((key): Array<[string, string]> => {
    const raw = env[envName(key)];
    return raw === undefined ? [] : [[key, raw]];
  });
}

/** Walks the schema's JSON form, so docs come from the one schema. */
export function listConfigKeys(): ConfigKey[] {
  const root = toJsonSchema();
  const keys: ConfigKey[] = [];
  for (const [section, sectionNode] of Object.entries(root.properties ?? {})) {
    for (const [name, node] of Object.entries(sectionNode.properties ?? {})) {
      const key = `${section}.${name}`;
      keys.push({
        key,
        section,
        name,
        type: describeType(node),
        default: node.default,
        description: node.description ?? '',
        env: envName(key),
      });
    }
  }
  return keys;
}

export function sectionDescription(section: string): string {
  const root = toJsonSchema();
  return root.properties?.[section]?.description ?? '';
}
