/**
 * `claude-mem setup codex [--uninstall]`: claude-mem in Codex's own user
 * config, so a plain `codex` (and `claude-mem run codex`, without a single
 * `-c` override that would push Codex off its shared background server)
 * gets memory:
 * - $CODEX_HOME/hooks.json: SessionStart hands over the memory block (a
 *   developer message; Codex cuts it past ~2,500 tokens, the block is
 *   budgeted below that), SessionEnd queues the rollout's import.
 * - $CODEX_HOME/config.toml: the MCP server, unless the user has one of that name.
 * Codex runs new hooks only once the user trusts them (asked at its next
 * start, or under /hooks); until then they are skipped, and run falls back
 * to its per-run flags.
 */
import { join } from 'node:path';
import { codexHome } from '../transcripts/homes.js';
import { CODEX_SERVER_NAME, codexHasOwnServer } from '../session/mcp-registration.js';
import { hasOurHooks, ourGroupIndex, withOurHooks, withoutOurHooks, type HookSpec } from './hook-groups.js';
import { backupPath, installOwned, readIfThere, uninstallOwned } from './owned-file.js';
import { hasOurBlock, hookTrusted, withOurMcpServer, withoutOurBlock } from './codex-config.js';
import { hookCommand, MAIN, parseJsonObject, type SetupResult } from './common.js';

export const CODEX_HOOK_EVENTS = ['SessionStart', 'SessionEnd'] as const;

export const codexHooksPath = (env: NodeJS.ProcessEnv): string => join(codexHome(env), 'hooks.json');
export const codexConfigPath = (env: NodeJS.ProcessEnv): string => join(codexHome(env), 'config.toml');

export function codexHookSpecs(): HookSpec[] {
  return CODEX_HOOK_EVENTS.map((event) => ({ event, command: hookCommand(event, 'codex'), timeout: event === 'SessionEnd' ? 5 : 30 }));
}

/** Set up and trusted: Codex will run our SessionStart hook, so run need not inject. */
export function codexHooksReady(env: NodeJS.ProcessEnv): boolean {
  try {
    const hooksPath = codexHooksPath(env);
    const hooks = parseJsonObject(hooksPath, readIfThere(hooksPath));
    const group = ourGroupIndex(hooks, 'SessionStart');
    return group >= 0 && hookTrusted(readIfThere(codexConfigPath(env)) ?? '', hooksPath, 'session_start', group);
  } catch {
    return false;
  }
}

const TRUST_LINE = 'Codex runs new hooks only once you trust them: at its next start choose "Trust all and continue" (or review them under /hooks)';

export function setupCodex(env: NodeJS.ProcessEnv, uninstall: boolean): SetupResult {
  const hooksPath = codexHooksPath(env);
  const configPath = codexConfigPath(env);
  const hooksRaw = readIfThere(hooksPath);
  const hooks = parseJsonObject(hooksPath, hooksRaw);
  const configRaw = readIfThere(configPath);
  const lines: string[] = [];
  if (uninstall) {
    if (hasOurHooks(hooks, CODEX_HOOK_EVENTS)) {
      const rest = withoutOurHooks(hooks, CODEX_HOOK_EVENTS);
      const how = uninstallOwned(hooksPath, hooksRaw, Object.keys(rest).length ? `${JSON.stringify(rest, null, 2)}\n` : undefined);
      lines.push(how === 'restored' ? `restored ${hooksPath} as it was before setup` : `${hooksPath}: took out claude-mem's hooks only`);
    }
    if (configRaw !== undefined && hasOurBlock(configRaw)) {
      const how = uninstallOwned(configPath, configRaw, withoutOurBlock(configRaw));
      lines.push(how === 'restored' ? `restored ${configPath} as it was before setup` : `${configPath} changed since setup (Codex writes it too): took out claude-mem's block only (backup kept at ${backupPath(configPath)})`);
    }
    return { path: hooksPath, changed: lines.length > 0, lines: lines.length ? lines : [`${hooksPath}: no claude-mem hooks; nothing to undo`] };
  }
  const specs = codexHookSpecs();
  const hooksDone = installOwned(hooksPath, hooksRaw, `${JSON.stringify(withOurHooks(hooks, specs), null, 2)}\n`);
  if (hooksDone !== 'unchanged') lines.push(`${hooksDone} ${hooksPath}:`, ...specs.map((s) => `+ hooks.${s.event}: ${s.command}`));
  const userOwn = configRaw !== undefined && !hasOurBlock(configRaw) && codexHasOwnServer(env, []);
  if (userOwn) lines.push(`${configPath}: you have an MCP server named ${CODEX_SERVER_NAME} already; left as it is`);
  else {
    const args = [MAIN, 'mcp', '--agent', 'codex'];
    const configDone = installOwned(configPath, configRaw, withOurMcpServer(configRaw ?? '', CODEX_SERVER_NAME, process.execPath, args));
    if (configDone !== 'unchanged') lines.push(`${configDone} ${configPath}:`, `+ [mcp_servers.${CODEX_SERVER_NAME}] command = ${process.execPath}, args = ${JSON.stringify(args)}`);
  }
  if (lines.length === 0) return { path: hooksPath, changed: false, lines: [`${hooksPath}: claude-mem is already set up${codexHooksReady(env) ? '' : `; ${TRUST_LINE}`}`] };
  return {
    path: hooksPath,
    changed: true,
    lines: [...lines, `${TRUST_LINE}.`, 'then a plain `codex` gets the memory block at start and its session is imported when it ends; `claude-mem setup codex --uninstall` undoes this'],
  };
}
