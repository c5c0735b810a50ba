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

/**
 * The shell command a hook runs: this node, this claude-mem, tagged as
 * ours. It checks first that both are still there and otherwise exits 0
 * silently: after claude-mem is uninstalled (or the checkout moved) without
 * `setup --uninstall`, a CLI must not show a hook error at every start.
 */
export function hookCommand(event: string, forCli: string): string {
  const node = shellQuote(process.execPath);
  const main = shellQuote(HOOK_MAIN);
  return `[ -x ${node} ] && [ -f ${main} ] || exit 0; ${node} ${main} hook ${event} --for ${forCli} ${HOOK_TAG}`;
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
