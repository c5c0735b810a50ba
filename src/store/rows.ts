import type { HotMemory, Memory, MemoryStatus, MemoryType, SearchFilter, StoreScope } from './types.js';

/** A row of the memories table, as SQLite returns it. */
export interface MemoryRow {
  id: number;
  type: MemoryType;
  text: string;
  supplement: string;
  dir: string;
  agent: string;
  session_id: string | null;
  source: string | null;
  created_at: number;
  last_accessed_at: number;
  heat: number;
  status: MemoryStatus;
  content_hash: string;
  embedder_id: string;
  superseded_by: number | null;
  reviewed_at: number | null;
  subject: string | null;
  subject_key: string | null;
  value: string | null;
  valid_to: number | null;
}

/** Display ids: "12" in the project store, "g12" in the user store. */
export function displayId(scope: StoreScope, rowid: number): string {
  return scope === 'user' ? `g${rowid}` : String(rowid);
}

/** Accepts "12" for the project store and "g12" for the user store. */
export function parseDisplayId(scope: StoreScope, id: string): number | undefined {
  const m = scope === 'user' ? /^g(\d+)$/.exec(id) : /^(\d+)$/.exec(id);
  if (!m) return undefined;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The columns toHotMemory reads, for a SELECT. */
export const HOT_COLUMNS = 'id, type, text, supplement, agent, created_at, heat, subject, subject_key, value';

export function toHotMemory(scope: StoreScope, r: Pick<MemoryRow, 'id' | 'type' | 'text' | 'supplement' | 'agent' | 'created_at' | 'heat' | 'subject' | 'subject_key' | 'value'>): HotMemory {
  return {
    id: displayId(scope, r.id),
    rowid: r.id,
    scope,
    type: r.type,
    text: r.text,
    supplement: r.supplement,
    agent: r.agent,
    createdAt: r.created_at,
    heat: r.heat,
    subject: r.subject ?? null,
    subjectKey: r.subject_key ?? null,
    value: r.value ?? null,
  };
}

/** A whole row: the hot part (what a block reads), then the rest. */
export function toMemory(scope: StoreScope, r: MemoryRow): Memory {
  return {
    ...toHotMemory(scope, r),
    dir: r.dir,
    sessionId: r.session_id,
    source: r.source,
    lastAccessedAt: r.last_accessed_at,
    status: r.status,
    contentHash: r.content_hash,
    embedderId: r.embedder_id,
    supersededBy: r.superseded_by === null || r.superseded_by === undefined ? null : displayId(scope, r.superseded_by),
    reviewedAt: r.reviewed_at ?? null,
    validTo: r.valid_to ?? null,
  };
}

/**
 * Whether a row was true at `t`: written by then and not yet superseded. A
 * memory archived for being cold was still true; only a newer value ends one.
 */
function trueAt(r: Pick<MemoryRow, 'created_at' | 'valid_to'>, t: number): boolean {
  return r.created_at <= t && (r.valid_to === null || r.valid_to === undefined || r.valid_to > t);
}

/** Pure: whether a row passes a search or list filter. */
export function passesFilter(r: MemoryRow, f: SearchFilter): boolean {
  if (f.asOf !== undefined) {
    if (!trueAt(r, f.asOf)) return false;
  } else if (!f.includeArchived && r.status !== 'active') return false;
  if (f.type && r.type !== f.type) return false;
  if (f.agent && r.agent !== f.agent) return false;
  if (f.dir && !(r.dir === f.dir || r.dir.startsWith(f.dir.endsWith('/') ? f.dir : `${f.dir}/`))) return false;
  if (f.since !== undefined && r.created_at < f.since) return false;
  if (f.until !== undefined && r.created_at > f.until) return false;
  return true;
}
