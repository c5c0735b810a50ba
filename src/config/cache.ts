/**
 * A validated config, kept per set of inputs: in a project with a
 * claude-mem.yaml (or a user config, a CLAUDE_MEM_ variable, a --set), every
 * launch and query parsed YAML and validated it with zod, loading both
 * (~30 + ~60 ms of a process that otherwise starts in ~50). The key covers
 * everything the result depends on: each file's path and text, the
 * CLAUDE_MEM_ variables, the --set flags, and CONFIG_FINGERPRINT (the
 * config code and the YAML and zod versions, written into defaults.ts by
 * `npm run docs`). A config that fails to load is never kept: its error is
 * reported every time, as before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quickHash } from '../ids.js';
import { writePrivateFile } from '../fs-private.js';
import { CONFIG_FINGERPRINT } from './defaults.js';
import type { LoadedConfig } from './load.js';
import type { Config } from './schema.js';

const FILE = 'config-cache.json';
/** A few projects' worth; the oldest go first. */
const MAX_ENTRIES = 32;

export interface ConfigInputs {
  /** Each config file that exists, lowest precedence first. */
  files: Array<{ path: string; text: string }>;
  /** CLAUDE_MEM_ variables of known keys, as [key, raw value]. */
  env: Array<[string, string]>;
  sets: string[];
  /** The project file's trust (trust.ts): the same text loads differently once trusted. */
  trust?: string;
}

/** Pure: the cache key of a set of inputs. */
export function configKey(inputs: ConfigInputs, fingerprint: string = CONFIG_FINGERPRINT): string {
  return quickHash(JSON.stringify([fingerprint, inputs.files.map((f) => [f.path, f.text]), inputs.env, inputs.sets, inputs.trust ?? '']));
}

interface Stored {
  config: Config;
  explicit: string[];
  sources: Array<[string, string]>;
  warnings: string[];
  files: string[];
}

interface CacheFile {
  v: 1;
  /** Newest last. */
  entries: Array<[string, Stored]>;
}

function read(dir: string): CacheFile {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, FILE), 'utf8')) as Partial<CacheFile>;
    if (parsed.v === 1 && Array.isArray(parsed.entries)) return { v: 1, entries: parsed.entries };
  } catch {
    // Missing or damaged: the config is loaded the long way and kept again.
  }
  return { v: 1, entries: [] };
}

/** The config kept for this key in `dir` (the user data folder), if any. */
export function cachedConfig(dir: string, key: string): LoadedConfig | undefined {
  const hit = read(dir).entries.find(([k]) => k === key)?.[1];
  if (!hit || typeof hit.config !== 'object' || !Array.isArray(hit.explicit) || !Array.isArray(hit.sources)) return undefined;
  return { config: hit.config, explicit: new Set(hit.explicit), sources: new Map(hit.sources), warnings: hit.warnings ?? [], files: hit.files ?? [] };
}

/** Keeps a loaded config under its key; never throws (a read-only data folder only costs the next load its time). */
export function keepConfig(dir: string, key: string, loaded: LoadedConfig): void {
  try {
    const file = read(dir);
    const stored: Stored = { config: loaded.config, explicit: [...loaded.explicit], sources: [...loaded.sources], warnings: loaded.warnings, files: loaded.files };
    const entries = [...file.entries.filter(([k]) => k !== key), [key, stored] as [string, Stored]].slice(-MAX_ENTRIES);
    writePrivateFile(join(dir, FILE), JSON.stringify({ v: 1, entries }));
  } catch {
    // Only a shortcut.
  }
}
