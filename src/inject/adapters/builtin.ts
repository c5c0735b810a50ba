import type { AdapterConfig } from '../../config/index.js';

/**
 * How each known CLI takes extra context. Data, not code: a user adds or
 * overrides entries under inject.adapters in claude-mem.yaml.
 *
 * gemini: there is no append flag, and GEMINI_SYSTEM_MD replaces the whole
 * system prompt, so we do not use it. A SessionStart hook would mean editing
 * the user's settings. We use -i/--prompt-interactive: the block is the
 * first, visible turn, and the session stays interactive. If the user passed
 * their own -i or -p, we fall back to the environment variables.
 */
export const BUILTIN_ADAPTERS: AdapterConfig[] = [
  { match: 'claude', method: 'arg', args: ['--append-system-prompt', '{block}'] },
  { match: 'codex', method: 'arg', args: ['-c', 'developer_instructions={block_toml}'] },
  { match: 'aider', method: 'file-arg', args: ['--read', '{file}'] },
  { match: 'gemini', method: 'arg', args: ['--prompt-interactive', '{block}'] },
];

/** Every wrapped CLI also gets these, whatever its adapter. */
export const CONTEXT_FILE_ENV = 'CLAUDE_MEM_CONTEXT_FILE';
export const CONTEXT_ENV = 'CLAUDE_MEM_CONTEXT';

/** For CLIs not listed: environment variables only. */
export const FALLBACK_ADAPTER: AdapterConfig = { match: '*', method: 'env', args: [] };

const PLACEHOLDER = /\{block\}|\{block_toml\}|\{file\}/;
/** A value that is the block itself; a file path (aider's repeatable --read) adds, it does not override. */
const BLOCK_VALUE = /\{block\}|\{block_toml\}/;

/**
 * Would this adapter's argv override something the user passed? A flag
 * whose value is the block (`--append-system-prompt {block}`) collides with
 * the same flag in the user's argv; a `key={block}` setting collides with
 * the same key. The user's own value wins: the block then goes by
 * environment only.
 */
export function collidesWithUser(adapter: AdapterConfig, args: string[]): boolean {
  const t = adapter.args;
  for (let i = 0; i < t.length; i++) {
    const a = t[i] ?? '';
    const next = t[i + 1] ?? '';
    if (!PLACEHOLDER.test(a) && BLOCK_VALUE.test(next) && !next.includes('=') && args.includes(a)) return true;
    const eq = a.indexOf('=');
    if (eq > 0 && BLOCK_VALUE.test(a.slice(eq))) {
      const key = a.slice(0, eq + 1);
      if (args.some((u) => u.startsWith(key))) return true;
    }
  }
  return false;
}

/** User entries first, so they can override a built-in one. */
export function chooseAdapter(agent: string, userAdapters: AdapterConfig[], args: string[]): AdapterConfig {
  const found = [...userAdapters, ...BUILTIN_ADAPTERS].find((a) => a.match === agent || a.match === '*');
  if (!found) return FALLBACK_ADAPTER;
  if (found.match === 'gemini' && found.method === 'arg' && args.some((a) => ['-i', '-p'].includes(a) || a.startsWith('--prompt'))) {
    return FALLBACK_ADAPTER;
  }
  if (collidesWithUser(found, args)) return FALLBACK_ADAPTER;
  return found;
}

/** A TOML basic string: JSON's escapes are valid TOML, so JSON.stringify is enough. */
export function tomlString(s: string): string {
  return JSON.stringify(s);
}

export interface AdapterPlan {
  /** Inserted before the user's own arguments. */
  args: string[];
  env: Record<string, string>;
  /** Text to type as the first input once the CLI is ready (method stdin). */
  firstInput?: string;
  needsFile: boolean;
}

/** Pure: what handing `block` to this adapter means. `file` is the temp file path, if one is written. */
export function planAdapter(adapter: AdapterConfig, block: string, file: string | undefined): AdapterPlan {
  const fill = (t: string): string =>
    t.replace(/\{block_toml\}|\{block\}|\{file\}/g, (m) => (m === '{block}' ? block : m === '{block_toml}' ? tomlString(block) : (file ?? '')));
  const env: Record<string, string> = { [CONTEXT_ENV]: block };
  if (file) env[CONTEXT_FILE_ENV] = file;
  switch (adapter.method) {
    case 'arg':
    case 'file-arg':
      return { args: adapter.args.map(fill), env, needsFile: adapter.method === 'file-arg' };
    case 'stdin':
      return { args: adapter.args.map(fill), env, firstInput: block, needsFile: false };
    case 'env':
      return { args: adapter.args.map(fill), env, needsFile: false };
  }
}
