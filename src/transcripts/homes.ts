/**
 * Where each CLI keeps its own folder and a session's transcript: paths
 * only, no parsers, so a launch can fix a transcript without loading the
 * readers (locate.ts reads them back).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** What the session log's header records about the CLI's own transcript. */
export type TranscriptRef =
  | { kind: 'claude'; id: string; path: string }
  /** dir: the ~/.gemini folder in use. */
  | { kind: 'gemini'; id: string; dir: string }
  /** dir: CODEX_HOME; after: epoch ms the session started. */
  | { kind: 'codex'; dir: string; cwd: string; after: number };

const SLUG_MAX = 200;

export function claudeProjectSlug(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-').slice(0, SLUG_MAX);
}

const home = (env: NodeJS.ProcessEnv): string => env['HOME'] ?? homedir();

/** Claude Code's own folder: settings, projects, transcripts, memory notes. */
export function claudeConfigDir(env: NodeJS.ProcessEnv): string {
  return env['CLAUDE_CONFIG_DIR'] ?? join(home(env), '.claude');
}

/** Gemini CLI's own folder: settings, extensions, chats. */
export function geminiDir(env: NodeJS.ProcessEnv): string {
  return join(env['GEMINI_CLI_HOME'] ?? home(env), '.gemini');
}

/** Codex's own folder: config.toml, hooks.json, sessions. */
export function codexHome(env: NodeJS.ProcessEnv): string {
  return env['CODEX_HOME'] ?? join(home(env), '.codex');
}

export function claudeTranscriptPath(env: NodeJS.ProcessEnv, cwd: string, id: string): string {
  return join(claudeConfigDir(env), 'projects', claudeProjectSlug(cwd), `${id}.jsonl`);
}

