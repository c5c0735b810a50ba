/**
 * `claude-mem setup gemini [--uninstall]`: Gemini CLI has no per-run
 * settings flag, and hooks in settings files run only in trusted folders;
 * an extension is the way in. setup writes one into claude-mem's data
 * folder and links it (`gemini extensions link <dir> --consent`):
 * - gemini-extension.json: the MCP server, and a context file saying the
 *   memory arrives at session start and can be searched;
 * - hooks/hooks.json: SessionStart hands over the memory block (without
 *   XML-like tags, which Gemini escapes), SessionEnd queues the chat's import.
 * Nothing of the user's own settings is touched; --uninstall unlinks the
 * extension and removes the folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { userDataDir } from '../config/paths.js';
import { geminiDir } from '../transcripts/homes.js';
import { writePrivateFile } from '../fs-private.js';
import { withOurHooks, type HookSpec } from './hook-groups.js';
import { readIfThere } from './owned-file.js';
import { hookCommand, MAIN, type SetupResult } from './common.js';

export const GEMINI_EXTENSION = 'claude-mem';
const CONTEXT_FILE = 'CLAUDE-MEM.md';
const LINK_TIMEOUT_MS = 60_000;

export const geminiExtensionDir = (env: NodeJS.ProcessEnv): string => join(userDataDir(env), 'gemini-extension');

function version(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function geminiHookSpecs(): HookSpec[] {
  // Gemini's hook timeouts are in milliseconds.
  return ['SessionStart', 'SessionEnd'].map((event) => ({ event, command: hookCommand(event, 'gemini'), timeout: event === 'SessionEnd' ? 5_000 : 30_000 }));
}

/** The extension's files: name → content. Pure but for where claude-mem is installed. */
export function geminiExtensionFiles(): Record<string, string> {
  const manifest = {
    name: GEMINI_EXTENSION,
    version: version(),
    description: 'Long-term memory from claude-mem: the memory block at session start, and a search tool.',
    contextFileName: CONTEXT_FILE,
    mcpServers: { [GEMINI_EXTENSION]: { command: process.execPath, args: [MAIN, 'mcp', '--agent', 'gemini'] } },
  };
  const context = [
    '# claude-mem',
    '',
    'Memory from earlier sessions in this directory arrives at the start of the session, from claude-mem.',
    `More is remembered than that: search it with the ${GEMINI_EXTENSION} search tool, then get the full text of a result with its get tool.`,
    '',
  ].join('\n');
  return {
    'gemini-extension.json': `${JSON.stringify(manifest, null, 2)}\n`,
    [CONTEXT_FILE]: context,
    [join('hooks', 'hooks.json')]: `${JSON.stringify(withOurHooks({}, geminiHookSpecs()), null, 2)}\n`,
  };
}

function gemini(args: string[], env: NodeJS.ProcessEnv): { ok: boolean; missing: boolean; out: string } {
  const r = spawnSync('gemini', args, { env, encoding: 'utf8', timeout: LINK_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
  const missing = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  return { ok: r.status === 0, missing, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').pop() ?? '' };
}

/** Linked already, to this folder: Gemini's own record of the link. */
function linkedTo(env: NodeJS.ProcessEnv): string | undefined {
  try {
    const v = JSON.parse(readIfThere(join(geminiDir(env), 'extensions', GEMINI_EXTENSION, '.gemini-extension-install.json')) ?? '') as { source?: unknown };
    return typeof v.source === 'string' ? v.source : undefined;
  } catch {
    return undefined;
  }
}

export function geminiExtensionLinked(env: NodeJS.ProcessEnv): boolean {
  return linkedTo(env) === geminiExtensionDir(env);
}

export function setupGemini(env: NodeJS.ProcessEnv, uninstall: boolean): SetupResult {
  const dir = geminiExtensionDir(env);
  if (uninstall) {
    const lines: string[] = [];
    if (linkedTo(env) !== undefined) {
      const r = gemini(['extensions', 'uninstall', GEMINI_EXTENSION], env);
      lines.push(r.ok ? `unlinked the ${GEMINI_EXTENSION} extension from Gemini CLI` : `could not unlink it (${r.missing ? 'gemini is not on PATH' : r.out}); run: gemini extensions uninstall ${GEMINI_EXTENSION}`);
    }
    if (readIfThere(join(dir, 'gemini-extension.json')) !== undefined) {
      rmSync(dir, { recursive: true, force: true });
      lines.push(`removed ${dir}`);
    }
    return { path: dir, changed: lines.length > 0, lines: lines.length ? lines : ['no claude-mem extension in Gemini CLI; nothing to undo'] };
  }
  const lines: string[] = [];
  for (const [name, content] of Object.entries(geminiExtensionFiles())) {
    const path = join(dir, name);
    if (readIfThere(path) === content) continue;
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    writePrivateFile(path, content);
    lines.push(`+ ${path}`);
  }
  if (geminiExtensionLinked(env)) {
    return { path: dir, changed: lines.length > 0, lines: lines.length ? [`updated the ${GEMINI_EXTENSION} extension:`, ...lines] : [`the ${GEMINI_EXTENSION} extension is already linked into Gemini CLI`] };
  }
  const r = gemini(['extensions', 'link', dir, '--consent'], env);
  if (!r.ok) {
    const why = r.missing ? 'gemini is not on PATH' : r.out;
    return { path: dir, changed: lines.length > 0, lines: [...lines, `wrote the extension to ${dir}, but could not link it (${why}); once gemini runs here: gemini extensions link ${dir} --consent`] };
  }
  return {
    path: dir,
    changed: true,
    lines: [
      `wrote the ${GEMINI_EXTENSION} extension to ${dir}:`,
      ...lines,
      `linked it into Gemini CLI (gemini extensions link ${dir} --consent): its hooks hand over the memory block at start and import the session at its end, and its MCP server offers search`,
      '`claude-mem setup gemini --uninstall` undoes this',
    ],
  };
}
