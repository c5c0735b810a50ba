/** What every `setup <cli>` shares: the hook command line, reading the CLI's JSON files, the result. */
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../errors.js';
import { isObject, type Json } from '../transcripts/jsonl.js';
import { HOOK_TAG } from './hook-groups.js';

export const MAIN = fileURLToPath(new URL('../cli/main.js', import.meta.url));
/** What hooks run: the CommonJS entry (src/cli/hook-main.ts), two levels under the root like this module. */
export const HOOK_MAIN = fileURLToPath(new URL('../hook/main.cjs', import.meta.url));

export const shellQuote = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

export interface SetupResult {
  path: string;
  changed: boolean;
  lines: string[];
}

/** The shell command a hook runs: this node, this claude-mem, tagged as ours. */
export function hookCommand(event: string, forCli: string): string {
  return `${shellQuote(process.execPath)} ${shellQuote(HOOK_MAIN)} hook ${event} --for ${forCli} ${HOOK_TAG}`;
}

export function parseJsonObject(path: string, raw: string | undefined): Json {
  if (raw === undefined || !raw.trim()) return {};
  try {
    const json: unknown = JSON.parse(raw);
    if (!isObject(json)) throw new Error('not an object');
    return json;
  } catch (err) {
    throw new ConfigError(`${path} is not valid JSON (${err instanceof Error ? err.message : String(err)}); fix it or move it aside, then run setup again.`);
  }
}
