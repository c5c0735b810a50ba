import { cosine, tokenSet, type Memory, type Stores, type Thresholds } from '../store/index.js';

export interface SelectOptions {
  cwd: string;
  launchQuery: string;
  topK: number;
  thresholds: Thresholds;
  crossDirPenalty: number;
  /** Memories older than this many days are shown with their date. */
  archiveAfterDays: number;
  now: number;
}

export interface Selected {
  memory: Memory;
  /** Fused search score for facts; 0 for globals and project memories. */
  score: number;
  /** Used by the budget: globals outrank project memories, which outrank facts. */
  relevance: number;
  date?: string;
}

const GROUP_ORDER = { global: 0, project: 1, fact: 2 } as const;
/** A block of 1,500 tokens holds tens of memories; more candidates only cost time. */
const MAX_CANDIDATES_PER_GROUP = 300;

/** The directory and every ancestor: project memories bound to any of them apply here. */
export function ancestorsOf(dir: string): string[] {
  const out: string[] = [];
  let d = dir.replace(/\/+$/, '') || '/';
  for (;;) {
    out.push(d);
    if (d === '/' || !d.includes('/')) break;
    d = d.slice(0, d.lastIndexOf('/')) || '/';
  }
  return out;
}
const GROUP_WEIGHT = { global: 2, project: 1, fact: 0 } as const;
const DAY_MS = 86_400_000;
/** Conflicting memories must have been written within this window. */
export const CONFLICT_WINDOW_DAYS = 14;
/** Design: "above 0.9 similarity", on the model's scale. */
const CONFLICT_SIMILARITY_MODEL = 0.9;

/**
 * Candidates: every active global, project memories bound to this directory
 * or an ancestor, and facts ranked against the launch query (threshold,
 * top_k and the cross-directory penalty applied).
 */
export async function selectMemories(stores: Stores, o: SelectOptions): Promise<Selected[]> {
  const globals = stores.user.hottest('global', MAX_CANDIDATES_PER_GROUP);
  const projects = stores.project.hottest('project', MAX_CANDIDATES_PER_GROUP, ancestorsOf(o.cwd));
  const factHits = o.launchQuery.trim()
    ? (await stores.search(o.launchQuery, { type: 'fact', limit: o.topK * 4, cwd: o.cwd, crossDirPenalty: o.crossDirPenalty }))
        .filter((h) => h.score >= o.thresholds.retrieval)
        .slice(0, o.topK)
    : [];
  const dated = (m: Memory): string | undefined =>
    o.now - m.createdAt > o.archiveAfterDays * DAY_MS ? new Date(m.createdAt).toISOString().slice(0, 10) : undefined;
  const pick = (m: Memory, score: number): Selected => ({
    memory: m,
    score,
    relevance: GROUP_WEIGHT[m.type] + score + Math.min(m.heat, 50) / 1000,
    date: dated(m),
  });
  return [...globals.map((m) => pick(m, 0)), ...projects.map((m) => pick(m, 0)), ...factHits.map((h) => pick(h.memory, h.score))];
}

/** Globals, then project memories, then facts; older first within a group (a model weighs later context more). */
export function orderSelected(items: Selected[]): Selected[] {
  return [...items].sort(
    (a, b) => GROUP_ORDER[a.memory.type] - GROUP_ORDER[b.memory.type] || a.memory.createdAt - b.memory.createdAt || a.memory.rowid - b.memory.rowid,
  );
}

/** The design's 0.9 sits between merge and update; keep that position on this embedder's scale. */
export function conflictThreshold(t: Thresholds): number {
  const model = { merge: 0.8, update: 0.92 };
  const pos = (CONFLICT_SIMILARITY_MODEL - model.merge) / (model.update - model.merge);
  return t.merge + pos * (t.update - t.merge);
}

function disagree(a: string, b: string): boolean {
  const ta = tokenSet(a);
  const tb = tokenSet(b);
  for (const t of ta) if (!tb.has(t)) return true;
  for (const t of tb) if (!ta.has(t)) return true;
  return false;
}

/**
 * Pairs (1-based positions in `ordered`) of memories that are nearly the
 * same statement, written close together, yet say different things.
 */
export function findConflicts(ordered: Memory[], vectors: Map<string, Float32Array>, threshold: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < ordered.length; i++) {
    for (let j = i + 1; j < ordered.length; j++) {
      const a = ordered[i];
      const b = ordered[j];
      if (!a || !b || a.type === 'global' || b.type === 'global') continue;
      const va = vectors.get(a.id);
      const vb = vectors.get(b.id);
      if (!va || !vb) continue;
      if (Math.abs(a.createdAt - b.createdAt) > CONFLICT_WINDOW_DAYS * DAY_MS) continue;
      if (cosine(va, vb) > threshold && disagree(a.text, b.text)) out.push([i + 1, j + 1]);
    }
  }
  return out;
}

