/**
 * `claude-mem setup claude [--uninstall]`: for people who run `claude`
 * without the wrapper. Adds two hooks to Claude Code's user settings:
 * SessionStart hands over the memory block (additionalContext), SessionEnd
 * queues the session's transcript for import. Idempotent and undoable (see
 * owned-file.ts).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { claudeConfigDir } from '../transcripts/homes.js';
import { hasOurHooks, withOurHooks, withoutOurHooks, type HookSpec } from './hook-groups.js';
import { backupPath, installOwned, readIfThere, uninstallOwned } from './owned-file.js';
import { hookCommand, MAIN, parseJsonObject, type SetupResult } from './common.js';
import { CLAUDE_SERVER_NAME } from '../session/mcp-registration.js';
import { isObject } from '../transcripts/jsonl.js';

export const CLAUDE_HOOK_EVENTS = ['SessionStart', 'SessionEnd'] as const;

export function claudeSettingsPath(env: NodeJS.ProcessEnv): string {
  return join(claudeConfigDir(env), 'settings.json');
}

export function claudeHookSpecs(): HookSpec[] {
  // SessionEnd hooks get 1.5 s from Claude Code: ours only queues work.
  return CLAUDE_HOOK_EVENTS.map((event) => ({ event, command: hookCommand(event, 'claude'), timeout: event === 'SessionEnd' ? 2 : 30 }));
}

const CLAUDE_TIMEOUT_MS = 60_000;

/** The user-scope server of that name in ~/.claude.json: ours (it runs this claude-mem's mcp), the user's own, or none. */
function userServer(env: NodeJS.ProcessEnv): 'ours' | 'theirs' | undefined {
  const dir = env['CLAUDE_CONFIG_DIR'];
  try {
    const v: unknown = JSON.parse(readIfThere(dir ? join(dir, '.claude.json') : join(env['HOME'] ?? '', '.claude.json')) ?? '{}');
    const servers = isObject(v) && isObject(v['mcpServers']) ? v['mcpServers'] : {};
    const s = servers[CLAUDE_SERVER_NAME];
    if (!isObject(s)) return undefined;
    return Array.isArray(s['args']) && s['args'].includes('mcp') && s['args'].some((a) => typeof a === 'string' && a.endsWith('main.js')) ? 'ours' : 'theirs';
  } catch {
    return undefined;
  }
}

/**
 * The MCP server in Claude Code's user config, through its own documented
 * command (`claude mcp add -s user`): Claude rewrites ~/.claude.json all the
 * time, so it is not a file to edit behind its back.
 */
function claudeMcp(env: NodeJS.ProcessEnv, uninstall: boolean): string | undefined {
  const have = userServer(env);
  if (uninstall ? have !== 'ours' : have !== undefined) return have === 'theirs' && !uninstall ? `you have an MCP server named ${CLAUDE_SERVER_NAME} already; left as it is` : undefined;
  const args = uninstall
    ? ['mcp', 'remove', '-s', 'user', CLAUDE_SERVER_NAME]
    : ['mcp', 'add', '-s', 'user', CLAUDE_SERVER_NAME, '--', process.execPath, MAIN, 'mcp', '--agent', 'claude'];
  const r = spawnSync('claude', args, { env, encoding: 'utf8', timeout: CLAUDE_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status === 0) return uninstall ? `removed the ${CLAUDE_SERVER_NAME} MCP server from Claude Code's user config` : `+ MCP server ${CLAUDE_SERVER_NAME} in Claude Code's user config (claude ${args.join(' ')})`;
  const why = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ? 'claude is not on PATH' : `${r.stderr ?? ''}`.trim().split('\n').pop();
  return `could not ${uninstall ? 'remove' : 'add'} the MCP server (${why}); run: claude ${args.map((a) => (/\s/.test(a) ? `'${a}'` : a)).join(' ')}`;
}

export function setupClaude(env: NodeJS.ProcessEnv, uninstall: boolean): SetupResult {
  const path = claudeSettingsPath(env);
  const raw = readIfThere(path);
  const json = parseJsonObject(path, raw);
  if (uninstall) {
    const mcp = claudeMcp(env, true);
    if (!hasOurHooks(json, CLAUDE_HOOK_EVENTS)) return { path, changed: mcp !== undefined, lines: [mcp ?? `${path}: no claude-mem hooks; nothing to undo`] };
    const how = uninstallOwned(path, raw, `${JSON.stringify(withoutOurHooks(json, CLAUDE_HOOK_EVENTS), null, 2)}\n`);
    return {
      path,
      changed: true,
      lines: [
        how === 'restored' ? `restored ${path} as it was before setup` : `${path} changed since setup: took out claude-mem's hooks only (backup kept at ${backupPath(path)})`,
        ...(mcp ? [mcp] : []),
      ],
    };
  }
  const specs = claudeHookSpecs();
  const next = `${JSON.stringify(withOurHooks(json, specs), null, 2)}\n`;
  const done = installOwned(path, raw, next);
  const mcp = claudeMcp(env, false);
  if (done === 'unchanged') return { path, changed: mcp !== undefined, lines: [`${path}: claude-mem is already set up`, ...(mcp ? [mcp] : [])] };
  return {
    path,
    changed: true,
    lines: [
      `${done} ${path} (backup: ${backupPath(path)}):`,
      ...specs.map((s) => `+ hooks.${s.event}: ${s.command}`),
      ...(mcp ? [mcp] : []),
      'a plain `claude` now gets the memory block at start, and its session is imported when it ends; `claude-mem setup claude --uninstall` undoes this',
    ],
  };
}
