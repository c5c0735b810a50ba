/**
 * Where a CLI keeps a session's transcript, and reading it back. Claude
 * Code: ${CLAUDE_CONFIG_DIR:-~/.claude}/projects/<slug>/<session-id>.jsonl,
 * the slug being the cwd with every character outside [a-zA-Z0-9] replaced
 * by "-" (long ones are cut and hashed: then the file is found by its id).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseClaudeTranscript } from './claude.js';
import type { Transcript } from './types.js';

/** What the session log's header records about the CLI's own transcript. */
export interface TranscriptRef {
  kind: 'claude';
  /** The CLI's session id. */
  id: string;
  /** Where the file is expected. */
  path: string;
}

export type TranscriptRead = { ok: true; path: string; transcript: Transcript } | { ok: false; reason: string };

const SLUG_MAX = 200;

export function claudeProjectSlug(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-').slice(0, SLUG_MAX);
}

/** Claude Code's own folder: settings, projects, transcripts, memory notes. */
export function claudeConfigDir(env: NodeJS.ProcessEnv): string {
  return env['CLAUDE_CONFIG_DIR'] ?? join(env['HOME'] ?? homedir(), '.claude');
}

export function claudeTranscriptPath(env: NodeJS.ProcessEnv, cwd: string, id: string): string {
  return join(claudeConfigDir(env), 'projects', claudeProjectSlug(cwd), `${id}.jsonl`);
}

function findById(projects: string, id: string): string | undefined {
  try {
    for (const d of readdirSync(projects)) {
      const candidate = join(projects, d, `${id}.jsonl`);
      if (existsSync(candidate)) return candidate;
    }
  } catch {
    // No projects folder.
  }
  return undefined;
}

export function readTranscript(ref: TranscriptRef): TranscriptRead {
  let path = ref.path;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    const found = findById(dirname(dirname(ref.path)), ref.id);
    if (!found) return { ok: false, reason: `no transcript at ${ref.path}` };
    path = found;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      return { ok: false, reason: `cannot read ${path}: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
  const transcript = parseClaudeTranscript(text);
  if (transcript.turns.length === 0) return { ok: false, reason: `${path} holds no turns` };
  return { ok: true, path, transcript };
}
