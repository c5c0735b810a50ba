/**
 * `claude-mem setup claude [--uninstall]`: for people who run `claude`
 * without the wrapper. Adds two hooks to Claude Code's user settings:
 * SessionStart hands over the memory block (additionalContext), SessionEnd
 * queues the session's transcript for import. Idempotent; the first install
 * keeps a backup, and --uninstall restores the file byte for byte when it is
 * still as setup left it (otherwise it takes out only claude-mem's hooks).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePrivateFile } from '../fs-private.js';
import { claudeConfigDir } from '../transcripts/locate.js';
import { ConfigError } from '../errors.js';
import { hasOurHooks, withOurHooks, withoutOurHooks, CLAUDE_HOOK_EVENTS, HOOK_TAG } from './claude-settings.js';

const MAIN = fileURLToPath(new URL('../cli/main.js', import.meta.url));
const ABSENT = '\u0000claude-mem: there was no settings.json\n';

const quote = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

export function claudeSettingsPath(env: NodeJS.ProcessEnv): string {
  return join(claudeConfigDir(env), 'settings.json');
}

export interface SetupResult {
  path: string;
  changed: boolean;
  lines: string[];
}

function readSettings(path: string): { raw: string | undefined; json: Record<string, unknown> } {
  if (!existsSync(path)) return { raw: undefined, json: {} };
  const raw = readFileSync(path, 'utf8');
  try {
    const json = raw.trim() ? (JSON.parse(raw) as unknown) : {};
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not an object');
    return { raw, json: json as Record<string, unknown> };
  } catch (err) {
    throw new ConfigError(`${path} is not valid JSON (${err instanceof Error ? err.message : String(err)}); fix it or move it aside, then run setup again.`);
  }
}

export function setupClaude(env: NodeJS.ProcessEnv, uninstall: boolean): SetupResult {
  const path = claudeSettingsPath(env);
  const backup = `${path}.claude-mem-backup`;
  const installed = `${path}.claude-mem-installed`;
  const { raw, json } = readSettings(path);
  if (uninstall) {
    if (!hasOurHooks(json)) return { path, changed: false, lines: [`${path}: no claude-mem hooks; nothing to undo`] };
    if (existsSync(backup) && existsSync(installed) && readFileSync(installed, 'utf8') === raw) {
      const original = readFileSync(backup, 'utf8');
      if (original === ABSENT) rmSync(path, { force: true });
      else writePrivateFile(path, original);
      rmSync(backup, { force: true });
      rmSync(installed, { force: true });
      return { path, changed: true, lines: [`restored ${path} as it was before setup`] };
    }
    const next = `${JSON.stringify(withoutOurHooks(json), null, 2)}\n`;
    writePrivateFile(path, next);
    rmSync(installed, { force: true });
    return { path, changed: true, lines: [`${path} changed since setup: took out claude-mem's hooks only (backup kept at ${backup})`] };
  }
  const command = (event: string): string => `${quote(process.execPath)} ${quote(MAIN)} hook ${event} --for claude ${HOOK_TAG}`;
  const next = `${JSON.stringify(withOurHooks(json, command), null, 2)}\n`;
  if (next === raw) return { path, changed: false, lines: [`${path}: claude-mem is already set up`] };
  if (!existsSync(backup)) writePrivateFile(backup, raw ?? ABSENT);
  writePrivateFile(path, next);
  writePrivateFile(installed, next);
  return {
    path,
    changed: true,
    lines: [
      `${raw === undefined ? 'created' : 'updated'} ${path} (backup: ${backup}):`,
      ...CLAUDE_HOOK_EVENTS.map((e) => `+ hooks.${e}: ${command(e)}`),
      'a plain `claude` now gets the memory block at start, and its session is imported when it ends; `claude-mem setup claude --uninstall` undoes this',
    ],
  };
}
