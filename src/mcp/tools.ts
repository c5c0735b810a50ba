/**
 * The MCP tools, as plain functions over one DirectoryMemory: arguments in
 * (as the client sent them), text out, or a tool error with a message that
 * says what to send instead. Bad arguments never throw past here, so the
 * server never crashes on them.
 */
import type { DirectoryMemory } from '../memory/directory-memory.js';
import type { Memory } from '../store/index.js';
import { MEMORY_TYPES, type MemoryType } from '../text/index.js';
import { dayEndOf } from '../text/time-span.js';
import { fullRecord, indexRow, sessionRow } from './rows.js';
import { warmInBackground } from '../background/jobs.js';
import { getSaid, isSaidId, saidRecord, saidRows, saidTimeline } from './said.js';
import { withoutNowWords } from '../text/now-words.js';

export interface ToolResult {
  text: string;
  isError?: boolean;
}

export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;
export const GET_MAX_IDS = 20;
/** A query longer than this is a paste, not a search. */
export const MAX_QUERY_CHARS = 2000;
const TIMELINE_MAX_SIDE = 20;

export class ToolInputError extends Error {}

const fail = (message: string): never => {
  throw new ToolInputError(message);
};

function record(args: unknown): Record<string, unknown> {
  return typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}

function optString(a: Record<string, unknown>, key: string): string | undefined {
  const v = a[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') fail(`"${key}" must be a string`);
  return v as string;
}

function optInt(a: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const v = a[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) fail(`"${key}" must be a whole number from ${min} to ${max}`);
  return v as number;
}

function optType(a: Record<string, unknown>): MemoryType | undefined {
  const t = optString(a, 'type');
  if (t === undefined) return undefined;
  if (!(MEMORY_TYPES as readonly string[]).includes(t)) fail(`"type" must be one of ${MEMORY_TYPES.join(', ')}`);
  return t as MemoryType;
}

/** A date or time the user could mean: 2026-11-30, 2026-11-30T10:00, or milliseconds. */
function optDate(a: Record<string, unknown>, key: string): number | undefined {
  const v = a[key];
  if (v === undefined || v === null) return undefined;
  const ms = typeof v === 'number' ? v : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) : Number.NaN;
  if (!Number.isFinite(ms)) fail(`"${key}" must be a date such as 2026-11-30 or 2026-11-30T10:00:00Z`);
  return ms;
}

/** A bare date means its end (dayEndOf): "until 2026-11-30" and "as of 2026-11-30" include that day. */
function dayEnd(a: Record<string, unknown>, key: string, ms: number | undefined): number | undefined {
  return dayEndOf(a[key], ms);
}

export async function searchTool(memory: DirectoryMemory, args: unknown): Promise<ToolResult> {
  const a = record(args);
  const query = (optString(a, 'query') ?? '').trim();
  if (!query) fail('"query" is empty: give a few words to look for, e.g. "test command" or 日志格式');
  if (query.length > MAX_QUERY_CHARS) fail(`"query" is ${query.length} characters; keep it under ${MAX_QUERY_CHARS} (a few keywords work best)`);
  const limit = optInt(a, 'limit', 1, SEARCH_MAX_LIMIT) ?? SEARCH_DEFAULT_LIMIT;
  const offset = optInt(a, 'offset', 0, 10_000) ?? 0;
  const since = optDate(a, 'since');
  const until = optDate(a, 'until');
  const asOf = dayEnd(a, 'as_of', optDate(a, 'as_of'));
  if (since !== undefined && until !== undefined && since > until) fail('"since" is after "until"');
  // "most recently", 目前: how the newest is asked for, not what it is about (text/now-words.ts).
  const topic = withoutNowWords(query);
  const { hits } = await memory.search(topic, {
    // One more than the page, to know whether there is a next one.
    limit: limit + offset + 1,
    type: optType(a),
    agent: optString(a, 'agent'),
    dir: optString(a, 'dir'),
    since,
    until: dayEnd(a, 'until', until),
    ...(asOf !== undefined ? { asOf } : {}),
  });
  const page = hits.slice(offset, offset + limit);
  // What was said, as a second tier on the first page of an unfiltered search.
  const filtered = a['type'] !== undefined || a['agent'] !== undefined || a['dir'] !== undefined;
  const said = offset === 0 && !filtered ? saidRows(memory, topic, { limit, ...(since !== undefined ? { since } : {}), ...((asOf ?? until) !== undefined ? { until: asOf ?? dayEnd(a, 'until', until) } : {}) }) : [];
  if (page.length === 0 && said.length === 0) return { text: `No memories match "${query}". Try other words, or fewer filters.` };
  const rows = [...page.map((h) => indexRow(h.memory, h.score)), ...(said.length ? ['what was said (passages of sessions, not memories):', ...said] : [])];
  const tail =
    hits.length > offset + limit
      ? `More: search again with offset ${offset + limit}. Full text: get {"ids": [...]}; around one: timeline {"id": "..."}.`
      : 'Full text: get {"ids": [...]}; around one: timeline {"id": "..."}.';
  return { text: `${rows.join('\n')}\n${tail}` };
}

interface TimelineItem {
  t: number;
  row: string;
  key: string;
}

export function timelineTool(memory: DirectoryMemory, args: unknown): ToolResult {
  const a = record(args);
  const id = optString(a, 'id');
  const session = optString(a, 'session');
  const asOf = dayEnd(a, 'as_of', optDate(a, 'as_of'));
  // As of a date with no other anchor: the moment itself.
  const time = optDate(a, 'time') ?? (id === undefined && session === undefined ? asOf : undefined);
  const before = optInt(a, 'before', 0, TIMELINE_MAX_SIDE) ?? 3;
  const after = optInt(a, 'after', 0, TIMELINE_MAX_SIDE) ?? 3;
  if ([id, session, time].filter((x) => x !== undefined).length !== 1) fail('give exactly one anchor: "id" (a memory), "session" (a session id) or "time" (a date)');

  // As of a date: only what was true then (a value replaced later is shown; one replaced before is not).
  const items: TimelineItem[] = memory.list(asOf !== undefined ? { asOf } : {}).map((m) => ({ t: m.createdAt, row: indexRow(m), key: `m:${m.id}` }));
  for (const s of memory.stores.sessions.list()) if (s.summary) items.push({ t: s.startedAt, row: sessionRow(s), key: `s:${s.id}` });
  items.sort((x, y) => x.t - y.t || x.key.localeCompare(y.key));

  if (id !== undefined && isSaidId(id)) return { text: saidTimeline(memory, id, Math.max(before, after)) ?? fail(`no passage with id "${id}": search finds them`) };
  let at: number;
  if (id !== undefined) {
    const m: Memory = memory.get(id) ?? fail(`no memory with id "${id}": ids look like 12 (this project) or g12 (global); search finds them`);
    // An archived memory is not in the list: place it among the others.
    if (!items.some((i) => i.key === `m:${m.id}`)) {
      items.push({ t: m.createdAt, row: indexRow(m), key: `m:${m.id}` });
      items.sort((x, y) => x.t - y.t || x.key.localeCompare(y.key));
    }
    at = items.findIndex((i) => i.key === `m:${m.id}`);
  } else if (session !== undefined) {
    const s = memory.stores.sessions.get(session) ?? fail(`no session "${session}" in this project: session ids look like 20261202T101010Z-ab12cd`);
    at = items.findIndex((i) => i.t >= s.startedAt);
  } else {
    at = items.findIndex((i) => i.t >= (time ?? 0));
  }
  if (items.length === 0) return { text: 'Nothing is remembered here yet.' };
  if (at < 0) at = items.length - 1;
  const shown = items.slice(Math.max(0, at - before), at + after + 1);
  return { text: shown.map((i) => (i === items[at] ? `> ${i.row}` : `  ${i.row}`)).join('\n') };
}

export function getTool(memory: DirectoryMemory, args: unknown): ToolResult {
  const a = record(args);
  const ids = a['ids'];
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((x) => typeof x === 'string')) fail('"ids" must be a list of memory ids, e.g. ["12", "g3"]');
  const list = ids as string[];
  if (list.length > GET_MAX_IDS) fail(`at most ${GET_MAX_IDS} ids at once (got ${list.length})`);
  const out: string[] = [];
  const missing: string[] = [];
  for (const id of list) {
    const e = getSaid(memory, id);
    if (e) {
      out.push(saidRecord(e));
      continue;
    }
    const m = memory.get(id);
    if (!m) {
      missing.push(id);
      continue;
    }
    const summary = m.sessionId ? memory.stores.sessions.get(m.sessionId)?.summary : undefined;
    out.push(fullRecord(m, summary || undefined));
  }
  if (out.length === 0) fail(`no memory with id ${missing.map((x) => `"${x}"`).join(', ')}: ids look like 12 (this project) or g12 (global); search finds them`);
  if (missing.length) out.push(`not found: ${missing.join(', ')}`);
  return { text: out.join('\n\n') };
}

export async function rememberTool(memory: DirectoryMemory, args: unknown, agent: string): Promise<ToolResult> {
  const a = record(args);
  const text = (optString(a, 'text') ?? '').trim();
  if (!text) fail('"text" is empty: give the sentence to remember');
  if (text.length > MAX_QUERY_CHARS) fail(`"text" is ${text.length} characters; a memory is a sentence or two (under ${MAX_QUERY_CHARS})`);
  const asked = optType(a);
  if (asked === 'global') fail('an agent cannot write a global memory (it would reach every project); the user can, with claude-mem remember --type global');
  const { type, result } = await memory.remember(text, { ...(asked ? { type: asked } : {}), agent, by: 'agent' });
  warmInBackground(memory);
  switch (result.action) {
    case 'inserted':
    case 'updated':
    case 'merged':
      return { text: `remembered as ${type} memory ${result.id ?? ''} (${result.action})`.replace(' ()', '') };
    case 'duplicate':
      return { text: `already remembered${result.id ? ` as ${result.id}` : ''}` };
    default:
      return { text: `not remembered: ${result.reason ?? 'filtered'}${result.id ? ` (it nearly repeats ${result.id})` : ''}`, isError: true };
  }
}

export function forgetTool(memory: DirectoryMemory, args: unknown): ToolResult {
  const a = record(args);
  const id = optString(a, 'id') ?? fail('"id" is missing: the memory to forget, e.g. "12"');
  const r = memory.forget(id as string);
  if (!r) fail(`no memory with id "${id as string}"`);
  warmInBackground(memory);
  return { text: `forgot ${id as string}` };
}

/** Runs a tool, turning bad input and store failures into a tool error. */
export async function guarded(run: () => Promise<ToolResult> | ToolResult): Promise<ToolResult> {
  try {
    return await run();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { text: err instanceof ToolInputError ? `invalid arguments: ${message}` : `claude-mem: ${message}`, isError: true };
  }
}
