/**
 * The viewer's JSON API over the library core: each route is a call on
 * DirectoryMemory, so the browser searches, edits and forgets exactly as
 * the CLI does (same hybrid search, redaction, dedup rules).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DirectoryMemory } from '../memory/index.js';
import type { Memory } from '../store/index.js';
import type { MemoryType } from '../text/index.js';
import { memoryJson } from '../cli/show.js';
import { warmInBackground } from '../background/jobs.js';
import { teamStatusOf } from '../team/status.js';
import { isShared } from '../store/team-links.js';
import { teamAuthorOf } from '../text/index.js';
import { UsageError } from '../errors.js';
import { teamConfigured } from '../config/index.js';
import { searchAll } from '../memory/search-all.js';
import { castOf, saidRoute, saidRow } from './said.js';

export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type ApiResponse = { status: number; json: unknown } | { status: 200; file: string; type: string };

const TYPES = new Set<MemoryType>(['global', 'project', 'fact']);
const MAX_QUERY_CHARS = 2000;
const MAX_TEXT_CHARS = 20_000;

const bad = (why: string): ApiResponse => ({ status: 400, json: { error: why } });
const notFound = (id: string): ApiResponse => ({ status: 404, json: { error: `no memory with id ${id.slice(0, 20)}` } });

function dateParam(q: URLSearchParams, name: string): number | undefined | 'bad' {
  const v = q.get(name);
  if (!v) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? 'bad' : t;
}

/** A path segment decoded, or undefined for a broken escape (%E0%A4%A). */
function decodeSegment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

export async function handleApi(m: DirectoryMemory, r: ApiRequest): Promise<ApiResponse> {
  const decoded = r.path.split('/').filter(Boolean).slice(1).map(decodeSegment);
  if (decoded.some((p) => p === undefined)) return { status: 400, json: { error: 'the path has a broken %-escape; encode ids with encodeURIComponent' } };
  const parts = decoded as string[];
  const [route, id, action] = parts;
  if (r.method === 'GET' && route === 'search') return search(m, r.query);
  if (r.method === 'GET' && route === 'status') return { status: 200, json: status(m) };
  if (r.method === 'GET' && route === 'review') return { status: 200, json: m.pendingReview().map(row) };
  if (route === 'said' && id) return saidRoute(m, r.method, id, action);
  if (route === 'memory' && id) {
    const mem = m.get(id);
    if (!mem) return notFound(id);
    if (r.method === 'GET' && !action) return { status: 200, json: detail(m, mem) };
    if (r.method === 'GET' && action === 'cast') return cast(m, mem);
    if (r.method === 'POST') {
      const out = await write(m, mem, action, r.body);
      warmInBackground(m);
      return out;
    }
  }
  return { status: 404, json: { error: `no such route: ${r.method} ${r.path.slice(0, 60)}` } };
}

async function search(m: DirectoryMemory, q: URLSearchParams): Promise<ApiResponse> {
  const text = (q.get('q') ?? '').trim();
  if (text.length > MAX_QUERY_CHARS) return bad(`the query is ${text.length} characters; at most ${MAX_QUERY_CHARS}`);
  const type = q.get('type') || undefined;
  if (type && !TYPES.has(type as MemoryType)) return bad('type must be global, project or fact');
  const since = dateParam(q, 'since');
  const until = dateParam(q, 'until');
  if (since === 'bad' || until === 'bad') return bad('since and until take dates like 2026-12-01');
  const agent = q.get('agent') || undefined;
  const dir = q.get('dir') || undefined;
  const limit = Math.min(100, Math.max(1, Number(q.get('limit') ?? 50) || 50));
  const t0 = performance.now();
  if (!text) {
    // No words: the newest memories that pass the filters.
    const all = m
      .list({ type: type as MemoryType | undefined, agent })
      .filter((x) => (!dir || x.dir === resolve(m.cwd, dir) || x.dir.startsWith(`${resolve(m.cwd, dir)}/`)) && (since === undefined || x.createdAt >= since) && (until === undefined || x.createdAt <= until))
      .reverse()
      .slice(0, limit);
    return { status: 200, json: { hits: all.map((x) => ({ ...row(x), score: null })), ms: performance.now() - t0 } };
  }
  // As `query` searches: memories first, then what was said where they answer weakly (a narrowed search is of memories).
  const r = await searchAll(m, text, { type: type as MemoryType | undefined, agent, dir, since, until, limit });
  return { status: 200, json: { hits: r.found.map((f) => (f.kind === 'memory' ? { ...row(f.hit.memory), score: f.hit.score } : { ...saidRow(f.hit.episode), score: null })), ms: r.ms } };
}

function row(x: Memory): Record<string, unknown> {
  return { kind: 'memory', id: x.id, type: x.type, date: new Date(x.createdAt).toISOString(), agent: x.agent, dir: x.dir, text: x.text, pending: x.reviewedAt === null };
}

function detail(m: DirectoryMemory, mem: Memory): Record<string, unknown> {
  const session = mem.sessionId ? m.stores.sessions.get(mem.sessionId) : undefined;
  const c = castOf(m, mem.source);
  const shared = mem.scope === 'project' && isShared(m.stores.project, mem.rowid);
  return { memory: { ...memoryJson(mem), shared, from_team: teamAuthorOf(mem.agent) ?? null }, session: session ? { id: session.id, agent: session.agent, command: session.command, started_at: new Date(session.startedAt).toISOString(), summary: session.summary } : null, replay: c ? { at: c.t } : null };
}

function cast(m: DirectoryMemory, mem: Memory): ApiResponse {
  const c = castOf(m, mem.source);
  if (!c) return { status: 404, json: { error: 'this memory has no terminal recording (it came from a transcript, a note or remember)' } };
  return { status: 200, file: c.file, type: 'text/plain; charset=utf-8' };
}

async function write(m: DirectoryMemory, mem: Memory, action: string | undefined, body: unknown): Promise<ApiResponse> {
  const b = (body ?? {}) as Record<string, unknown>;
  switch (action) {
    case 'edit': {
      const text = typeof b['text'] === 'string' ? b['text'].trim() : '';
      if (!text) return bad('send {"text": "…"}, not empty');
      if (text.length > MAX_TEXT_CHARS) return bad(`the text is ${text.length} characters; at most ${MAX_TEXT_CHARS}`);
      const r = await m.edit(mem.id, text);
      // A teammate's memory corrected becomes the user's own (a new id) that supersedes it.
      if (r?.action !== 'updated' && r?.action !== 'inserted') return { status: 409, json: { error: r?.action === 'duplicate' ? `memory ${r.id ?? ''} already says exactly that` : `that text was not kept (${r?.reason ?? 'empty'})` } };
      return { status: 200, json: detail(m, m.get(r.action === 'inserted' && r.id ? r.id : mem.id) ?? mem) };
    }
    case 'forget':
      try {
        // A memory the team holds goes for everyone: only when the page asked so ({"team": true}).
        m.forget(mem.id, { team: b['team'] === true });
      } catch (err) {
        if (err instanceof UsageError) return { status: 409, json: { error: err.message, shared: true } };
        throw err;
      }
      return { status: 200, json: { forgot: mem.id } };
    case 'accept':
      m.accept(mem.id);
      return { status: 200, json: detail(m, m.get(mem.id) ?? mem) };
    case 'type': {
      const type = b['type'];
      if (typeof type !== 'string' || !TYPES.has(type as MemoryType)) return bad('send {"type": "global" | "project" | "fact"}');
      const moved = await m.retype(mem.id, type as MemoryType);
      if (!moved) return { status: 409, json: { error: 'the type could not be changed' } };
      return { status: 200, json: detail(m, moved) };
    }
    default:
      return { status: 404, json: { error: `no such action: ${String(action).slice(0, 20)}` } };
  }
}

function status(m: DirectoryMemory): Record<string, unknown> {
  const s = m.status();
  // The team, from the replica only: the viewer never waits for the team server.
  const team = teamConfigured(m.config) ? teamStatusOf(m) : undefined;
  return { ...s, recent_errors: recentErrors(m.paths.sessionsDir), ...(team ? { team } : {}) };
}

/** Session logs set aside as unusable (<id>.failed holds the reason), newest first. */
function recentErrors(sessionsDir: string): Array<{ session: string; reason: string }> {
  try {
    return readdirSync(sessionsDir)
      .filter((f) => f.endsWith('.failed'))
      .slice(-20)
      .reverse()
      .map((f) => ({ session: f.replace(/\.failed$/, ''), reason: readFileSync(join(sessionsDir, f), 'utf8').slice(0, 300) }));
  } catch {
    return [];
  }
}
