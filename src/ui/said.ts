/**
 * What was said, in the viewer: a passage of the episode index as a search
 * hit, and as a page of its own (the passages around it in its session, and
 * its moment in the session's terminal recording when there is one). Read
 * only: a passage is forgotten with `forget --scrub-logs`, not from here.
 */
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { DirectoryMemory } from '../memory/index.js';
import type { Episode } from '../store/episodes.js';
import type { ApiResponse } from './api.js';

/** How many passages either side the page shows. */
const AROUND = 3;

export function saidRow(e: Episode): Record<string, unknown> {
  return { kind: 'said', id: String(e.id), role: e.role, date: new Date(e.at).toISOString(), agent: e.agent, session: e.sessionId, text: e.text };
}

/**
 * A session log and the second a source names ("<log>.cast#t=12.5"), only
 * inside this project's sessions folder. A passage from a transcript names
 * its session's log without a moment: its time after the session started is
 * the moment.
 */
export function castOf(m: DirectoryMemory, source: string | null, at?: { ms: number; sessionId: string }): { file: string; t: number } | undefined {
  const match = /^(.*\.cast)(?:#t=(\d+(?:\.\d+)?))?$/.exec(source ?? '');
  if (!match?.[1]) return undefined;
  const file = resolve(m.paths.projectDataDir, match[1]);
  const inside = relative(m.paths.sessionsDir, file);
  if (inside.startsWith('..') || inside.includes(`..${sep}`) || !existsSync(file)) return undefined;
  if (match[2] !== undefined) return { file, t: Number(match[2]) };
  const started = at ? m.stores.sessions.get(at.sessionId)?.startedAt : undefined;
  return started === undefined || !at ? undefined : { file, t: Math.max(0, (at.ms - started) / 1000) };
}

export function saidRoute(m: DirectoryMemory, method: string, id: string, action: string | undefined): ApiResponse {
  const n = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  const e = Number.isSafeInteger(n) ? m.stores.project.getEpisode(n) : undefined;
  if (!e) return { status: 404, json: { error: `nothing said with id ${id.slice(0, 20)} (search finds passages; their ids are numbers)` } };
  if (method !== 'GET') return { status: 405, json: { error: 'what was said is read only here; forget it with "claude-mem forget --scrub-logs"' } };
  const c = castOf(m, e.source, { ms: e.at, sessionId: e.sessionId });
  if (action === 'cast') return c ? { status: 200, file: c.file, type: 'text/plain; charset=utf-8' } : { status: 404, json: { error: 'this passage has no terminal recording (it came from an imported transcript)' } };
  if (action !== undefined) return { status: 404, json: { error: `no such action: ${action.slice(0, 20)}` } };
  const session = m.stores.sessions.get(e.sessionId);
  return {
    status: 200,
    json: {
      said: saidRow(e),
      timeline: m.stores.project.episodeTimeline(e.id, AROUND).map(saidRow),
      session: session ? { id: session.id, agent: session.agent, command: session.command, started_at: new Date(session.startedAt).toISOString() } : null,
      replay: c ? { at: c.t } : null,
    },
  };
}
