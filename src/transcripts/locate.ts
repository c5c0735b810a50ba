/**
 * Where each CLI keeps a session's transcript, and reading it back.
 * - Claude Code: ${CLAUDE_CONFIG_DIR:-~/.claude}/projects/<slug>/<session-id>.jsonl,
 *   the slug being the cwd with every character outside [a-zA-Z0-9] replaced
 *   by "-" (long ones are cut and hashed: then the file is found by its id).
 * - Gemini CLI: ${GEMINI_CLI_HOME:-~}/.gemini/tmp/<slug>/chats/session-<ts>-<id8>.jsonl,
 *   the slug from projects.json; found by the id run fixed with --session-id.
 * - Codex: ${CODEX_HOME:-~/.codex}/sessions/YYYY/MM/DD/rollout-<ts>-<uuid>.jsonl;
 *   its id cannot be fixed, so the rollout is the first one of the session's
 *   cwd that started once the session did.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseClaudeTranscript } from './claude.js';
import { parseCodexRollout } from './codex.js';
import { parseGeminiChat } from './gemini.js';
import { isObject, str } from './jsonl.js';
import type { Transcript } from './types.js';
import type { TranscriptRef } from './homes.js';

export { claudeProjectSlug, claudeConfigDir, geminiDir, codexHome, claudeTranscriptPath, type TranscriptRef } from './homes.js';

export type TranscriptRead = { ok: true; path: string; transcript: Transcript } | { ok: false; reason: string };

/** A rollout may be stamped a little before the wrapper's own clock said it started. */
const CODEX_SLACK_MS = 5_000;

/** A header's transcript field, checked: a hand-edited or older log must not throw. */
export function asTranscriptRef(v: unknown): TranscriptRef | undefined {
  if (!isObject(v)) return undefined;
  const id = str(v['id']);
  if (v['kind'] === 'claude' && id && str(v['path'])) return { kind: 'claude', id, path: String(v['path']) };
  if (v['kind'] === 'gemini' && id && str(v['dir'])) return { kind: 'gemini', id, dir: String(v['dir']) };
  if (v['kind'] === 'codex' && str(v['dir']) && str(v['cwd']) && typeof v['after'] === 'number') {
    return { kind: 'codex', dir: String(v['dir']), cwd: String(v['cwd']), after: v['after'] };
  }
  return undefined;
}

export function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function findClaudeById(projects: string, id: string): string | undefined {
  for (const d of listDir(projects)) {
    const candidate = join(projects, d, `${id}.jsonl`);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Every chat file Gemini keeps, in every project folder. */
export function geminiChatFiles(dir: string): string[] {
  const tmp = join(dir, 'tmp');
  return listDir(tmp).flatMap((slug) =>
    listDir(join(tmp, slug, 'chats'))
      .filter((f) => /^session-.*\.jsonl$/.test(f))
      .map((f) => join(tmp, slug, 'chats', f)),
  );
}

/** The project folder each Gemini slug stands for (projects.json maps cwd → slug). */
export function geminiProjects(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  try {
    const v: unknown = JSON.parse(readFileSync(join(dir, 'projects.json'), 'utf8'));
    const projects = isObject(v) && isObject(v['projects']) ? v['projects'] : {};
    for (const [cwd, slug] of Object.entries(projects)) if (typeof slug === 'string') out.set(slug, cwd);
  } catch {
    // No map: chats stay unplaced unless their text says where.
  }
  return out;
}

/** The cwd a Gemini chat belongs to: its slug folder, mapped back through projects.json. */
export function geminiChatCwd(dir: string, path: string): string | undefined {
  return geminiProjects(dir).get(dirname(dirname(path)).split('/').pop() ?? '');
}

/** Every rollout Codex keeps, oldest first (their names start with the time). */
export function codexRolloutFiles(dir: string, day?: (y: string, m: string, d: string) => boolean): string[] {
  const sessions = join(dir, 'sessions');
  const out: string[] = [];
  for (const y of listDir(sessions).sort())
    for (const m of listDir(join(sessions, y)).sort())
      for (const d of listDir(join(sessions, y, m)).sort()) {
        if (day && !day(y, m, d)) continue;
        for (const f of listDir(join(sessions, y, m, d)).sort()) if (/^rollout-.*\.jsonl$/.test(f)) out.push(join(sessions, y, m, d, f));
      }
  return out;
}

/** session_meta is the first line: read only the head of each candidate. */
function codexMeta(path: string): { cwd: string | undefined; at: number } {
  try {
    const head = readFileSync(path, 'utf8').split('\n', 1)[0] ?? '';
    const o: unknown = JSON.parse(head);
    const p = isObject(o) && isObject(o['payload']) ? o['payload'] : {};
    return { cwd: str(p['cwd']), at: Date.parse(str(p['timestamp']) ?? str(isObject(o) ? o['timestamp'] : undefined) ?? '') };
  } catch {
    return { cwd: undefined, at: Number.NaN };
  }
}

function locate(ref: TranscriptRef): string | { reason: string } {
  if (ref.kind === 'claude') {
    if (existsSync(ref.path)) return ref.path;
    return findClaudeById(dirname(dirname(ref.path)), ref.id) ?? { reason: `no transcript at ${ref.path}` };
  }
  if (ref.kind === 'gemini') {
    const id8 = ref.id.slice(0, 8);
    const found = geminiChatFiles(ref.dir).find((p) => p.endsWith(`-${id8}.jsonl`) && parseGeminiChat(readFileSync(p, 'utf8').split('\n', 1)[0] ?? '').meta.sessionId === ref.id);
    return found ?? { reason: `no Gemini chat for session ${ref.id} under ${join(ref.dir, 'tmp')}` };
  }
  // Rollouts are filed by their start day (UTC); a session near midnight may be in the next one.
  const days = new Set([0, 1].map((n) => new Date(ref.after + n * 86_400_000).toISOString().slice(0, 10)));
  const matches = codexRolloutFiles(ref.dir, (y, m, d) => days.has(`${y}-${m}-${d}`))
    .map((path) => ({ path, ...codexMeta(path) }))
    .filter((r) => r.cwd === ref.cwd && r.at >= ref.after - CODEX_SLACK_MS)
    .sort((a, b) => a.at - b.at);
  return matches[0]?.path ?? { reason: `no Codex rollout for ${ref.cwd} since ${new Date(ref.after).toISOString()} under ${join(ref.dir, 'sessions')}` };
}

export function parseTranscript(kind: TranscriptRef['kind'], text: string): Transcript {
  return kind === 'claude' ? parseClaudeTranscript(text) : kind === 'gemini' ? parseGeminiChat(text) : parseCodexRollout(text);
}

export function readTranscript(ref: TranscriptRef): TranscriptRead {
  const path = locate(ref);
  if (typeof path !== 'string') return { ok: false, reason: path.reason };
  let text: string;
  try {
    if (!statSync(path).isFile()) return { ok: false, reason: `${path} is not a file` };
    text = readFileSync(path, 'utf8');
  } catch (err) {
    return { ok: false, reason: `cannot read ${path}: ${err instanceof Error ? err.message : String(err)}` };
  }
  const transcript = parseTranscript(ref.kind, text);
  if (transcript.turns.length === 0) return { ok: false, reason: `${path} holds no turns` };
  return { ok: true, path, transcript };
}
