import { readFileSync } from 'node:fs';
import type { Document, LineCounter } from 'yaml';
import { yaml } from './yaml.js';
import type { z } from 'zod';
import { ConfigError, errnoCode } from '../errors.js';
import { configSchema, type Config } from './schema.js';
import { defaultConfig } from './defaults.js';
import { listConfigKeys, configKeyNames, configEnvValues } from './keys.js';
import { closest } from '../text/edit-distance.js';

type Plain = Record<string, unknown>;

/** Where one layer of settings came from, so errors can name it. */
export interface ConfigLayer {
  origin: string;
  values: Plain;
  /** Set for YAML files: lets errors point at a line. */
  doc?: Document;
  lines?: LineCounter;
}

export interface LoadedConfig {
  config: Config;
  /** Dotted keys set by any layer above the defaults. */
  explicit: Set<string>;
  /** Files that were read, lowest precedence first. */
  files: string[];
  /** For each explicit key, the origin of the layer that set it last (a file path, "environment", "--set"). */
  sources: Map<string, string>;
  /** Unknown keys that were ignored, one line each, with a "did you mean" where one is close. */
  warnings: string[];
}

function isPlain(v: unknown): v is Plain {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A config file's text; undefined when there is none (a missing file is no error). */
export function readConfigText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return undefined;
    throw new ConfigError(`cannot read config ${path}: ${errnoCode(err) ?? String(err)}. Check its permissions.`);
  }
}

/** One config file's text as a layer; invalid YAML is an error naming the line. */
export function parseConfigText(path: string, text: string): ConfigLayer {
  const Y = yaml();
  const lines = new Y.LineCounter();
  const doc = Y.parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const firstError = doc.errors[0];
  if (firstError) {
    const pos = lines.linePos(firstError.pos[0]);
    throw new ConfigError(
      `invalid YAML in ${path}:${pos.line}: ${firstError.message.split('\n')[0]}. Fix the file, or regenerate it with "claude-mem init --force".`,
    );
  }
  let values: unknown;
  try {
    // An alias bomb (a billion laughs) expands past any memory: refused, like any invalid YAML.
    values = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    throw new ConfigError(`invalid YAML in ${path}: ${err instanceof Error ? err.message : String(err)}. Fix the file, or regenerate it with "claude-mem init --force".`);
  }
  if (values === null || values === undefined) return { origin: path, values: {}, doc, lines };
  if (!isPlain(values)) {
    throw new ConfigError(`${path}: expected a mapping of sections (watch:, store:, …) at the top level.`);
  }
  return { origin: path, values, doc, lines };
}

/** One value from the environment or a flag, read as YAML; anything it cannot read is the user's to fix. */
function readValue(raw: string, where: string): unknown {
  // `CLAUDE_MEM_TEAM_URL=` clears a setting: an empty string, not YAML's null (which no key takes).
  if (raw.trim() === '') return '';
  try {
    return yaml().parse(raw, { maxAliasCount: 100 }) as unknown;
  } catch (err) {
    throw new ConfigError(`${where}: cannot read the value (${err instanceof Error ? err.message.split('\n')[0] : String(err)}). Quote it, e.g. --set 'inject.language="en"'.`);
  }
}

/** CLAUDE_MEM_<SECTION>_<KEY>=value, the value read as a YAML scalar. */
export function envLayer(env: NodeJS.ProcessEnv): ConfigLayer {
  const values: Plain = {};
  for (const [key, raw] of configEnvValues(env)) setPath(values, key, readValue(raw, `the environment variable for ${key}`));
  return { origin: 'environment', values };
}

/** `--set key=value` flags. */
export function flagLayer(assignments: string[]): ConfigLayer {
  const values: Plain = {};
  const known = new Set(configKeyNames());
  for (const a of assignments) {
    const eq = a.indexOf('=');
    if (eq <= 0) throw new ConfigError(`--set ${a}: expected key=value, e.g. --set inject.token_budget=800`);
    const key = a.slice(0, eq);
    if (!known.has(key)) throw new ConfigError(`--set ${key}: unknown key. "claude-mem config" lists the keys.`);
    setPath(values, key, readValue(a.slice(eq + 1), `--set ${key}`));
  }
  return { origin: '--set', values };
}

function setPath(target: Plain, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let node = target;
  for (const p of parts.slice(0, -1)) {
    const next = node[p];
    if (!isPlain(next)) node[p] = {};
    node = node[p] as Plain;
  }
  node[parts[parts.length - 1] as string] = value;
}

function deepMerge(base: Plain, over: Plain): Plain {
  const out: Plain = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const prev = out[k];
    out[k] = isPlain(prev) && isPlain(v) ? deepMerge(prev, v) : v;
  }
  return out;
}

function collectKeys(values: Plain, prefix = ''): string[] {
  return Object.entries(values).flatMap(([k, v]) =>
    isPlain(v) ? collectKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function lineOf(layer: ConfigLayer, path: PropertyKey[]): number | undefined {
  if (!layer.doc || !layer.lines) return undefined;
  // Walk down as far as the path exists, so an unknown key still finds its parent.
  for (let n = path.length; n > 0; n--) {
    const node = layer.doc.getIn(path.slice(0, n) as unknown[], true);
    if (node && typeof node === 'object' && 'range' in node) {
      const range = (node as { range?: [number, number, number] }).range;
      if (range) return layer.lines.linePos(range[0]).line;
    }
  }
  return undefined;
}

function keyLine(layer: ConfigLayer, parent: PropertyKey[], key: string): number | undefined {
  if (!layer.doc || !layer.lines) return undefined;
  const map = parent.length ? layer.doc.getIn(parent as unknown[], true) : layer.doc.contents;
  if (!yaml().isMap(map)) return lineOf(layer, parent);
  for (const pair of map.items) {
    const k = pair.key as { value?: unknown; range?: [number, number, number] } | null;
    if (k && k.value === key && k.range) return layer.lines.linePos(k.range[0]).line;
  }
  return lineOf(layer, parent);
}

function unknownKeyLine(layer: ConfigLayer, path: PropertyKey[], key: string): string {
  const where = (line: number | undefined): string => (line ? `${layer.origin}:${line}` : layer.origin);
  const dotted = [...path, key].join('.');
  const known = [
    ...new Set(
      listConfigKeys()
        .filter((k) => path.length === 0 || k.section === String(path[0]))
        .map((k) => (path.length === 0 ? k.section : k.name)),
    ),
  ];
  const near = closest(key, known);
  const hint = near ? `did you mean "${[...path, near].join('.')}"?` : `expected one of: ${known.join(', ')}.`;
  return `${where(keyLine(layer, path, key))}: unknown key "${dotted}", ignored; ${hint}`;
}

function formatIssue(layer: ConfigLayer, issue: z.core.$ZodIssue): string {
  const where = (line: number | undefined): string => (line ? `${layer.origin}:${line}` : layer.origin);
  const dotted = issue.path.join('.');
  return `${where(lineOf(layer, issue.path))}: "${dotted}": ${issue.message.replace(/^Invalid input: /, '')}.`;
}

function deletePath(values: Plain, path: PropertyKey[], key: string): void {
  let node: unknown = values;
  for (const p of path) node = isPlain(node) ? node[String(p)] : undefined;
  if (isPlain(node)) delete node[key];
}

/**
 * Validates each layer on its own, so an error names the file it is in. A
 * mistyped key must not stop every command (or recording): it is dropped
 * with a warning that names the key it probably meant. A value of the wrong
 * type is still an error.
 */
function validateLayer(layer: ConfigLayer, warnings: string[]): void {
  for (let round = 0; round < 8; round++) {
    if (Object.keys(layer.values).length === 0) return;
    const result = configSchema().safeParse(layer.values);
    if (result.success) return;
    const unknown = result.error.issues.filter((i) => i.code === 'unrecognized_keys');
    if (unknown.length === 0) {
      const first = result.error.issues[0];
      if (first) throw new ConfigError(formatIssue(layer, first));
      return;
    }
    for (const issue of unknown) {
      if (issue.code !== 'unrecognized_keys') continue;
      for (const key of issue.keys) {
        warnings.push(unknownKeyLine(layer, issue.path, key));
        deletePath(layer.values, issue.path, key);
      }
    }
  }
}

/**
 * Merges layers, lowest precedence first: defaults, user config, project
 * config, environment, flags.
 */
export function mergeLayers(layers: ConfigLayer[]): LoadedConfig {
  let merged: Plain = {};
  const explicit = new Set<string>();
  const sources = new Map<string, string>();
  const warnings: string[] = [];
  for (const layer of layers) {
    validateLayer(layer, warnings);
    merged = deepMerge(merged, layer.values);
    for (const k of collectKeys(layer.values)) {
      explicit.add(k);
      sources.set(k, layer.origin);
    }
  }
  // Nothing set anywhere: the generated defaults, and zod is never loaded.
  const config = explicit.size === 0 ? defaultConfig() : configSchema().parse(merged);
  return {
    config,
    explicit,
    sources,
    warnings,
    files: layers.filter((l) => l.doc).map((l) => l.origin),
  };
}
