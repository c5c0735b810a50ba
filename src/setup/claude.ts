/**
 * `claude-mem setup claude [--uninstall]`: for people who run `claude`
 * without the wrapper. Adds two hooks to Claude Code's user settings:
 * SessionStart hands over the memory block (additionalContext), SessionEnd
 * queues the session's transcript for import. Idempotent and undoable (see
 * owned-file.ts).
 */
import { join } from 'node:path';
import { claudeConfigDir } from '../transcripts/locate.js';
import { hasOurHooks, withOurHooks, withoutOurHooks, type HookSpec } from './hook-groups.js';
import { backupPath, installOwned, readIfThere, uninstallOwned } from './owned-file.js';
import { hookCommand, parseJsonObject, type SetupResult } from './common.js';

export const CLAUDE_HOOK_EVENTS = ['SessionStart', 'SessionEnd'] as const;

export function claudeSettingsPath(env: NodeJS.ProcessEnv): string {
  return join(claudeConfigDir(env), 'settings.json');
}

export function claudeHookSpecs(): HookSpec[] {
  // SessionEnd hooks get 1.5 s from Claude Code: ours only queues work.
  return CLAUDE_HOOK_EVENTS.map((event) => ({ event, command: hookCommand(event, 'claude'), timeout: event === 'SessionEnd' ? 2 : 30 }));
}

export function setupClaude(env: NodeJS.ProcessEnv, uninstall: boolean): SetupResult {
  const path = claudeSettingsPath(env);
  const raw = readIfThere(path);
  const json = parseJsonObject(path, raw);
  if (uninstall) {
    if (!hasOurHooks(json, CLAUDE_HOOK_EVENTS)) return { path, changed: false, lines: [`${path}: no claude-mem hooks; nothing to undo`] };
    const how = uninstallOwned(path, raw, `${JSON.stringify(withoutOurHooks(json, CLAUDE_HOOK_EVENTS), null, 2)}\n`);
    return {
      path,
      changed: true,
      lines: [how === 'restored' ? `restored ${path} as it was before setup` : `${path} changed since setup: took out claude-mem's hooks only (backup kept at ${backupPath(path)})`],
    };
  }
  const specs = claudeHookSpecs();
  const next = `${JSON.stringify(withOurHooks(json, specs), null, 2)}\n`;
  const done = installOwned(path, raw, next);
  if (done === 'unchanged') return { path, changed: false, lines: [`${path}: claude-mem is already set up`] };
  return {
    path,
    changed: true,
    lines: [
      `${done} ${path} (backup: ${backupPath(path)}):`,
      ...specs.map((s) => `+ hooks.${s.event}: ${s.command}`),
      'a plain `claude` now gets the memory block at start, and its session is imported when it ends; `claude-mem setup claude --uninstall` undoes this',
    ],
  };
}
