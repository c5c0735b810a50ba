import { dot, unitOf } from '../text/cosine.js';
import { teamAuthorOf } from '../text/team-agent.js';
import { tokenSet } from '../text/terms.js';
import type { MemoryType } from '../text/candidate.js';
import { headOf, matchSubjectWords, sameValue } from '../text/subject-key.js';
import { ledByNumber } from '../text/value-shape.js';
import { isSessionSummary } from '../text/session-summary.js';
import { quickHash } from '../ids.js';

/** What inject needs of a memory: values only, no store behind it. */
export interface BlockMemory {
  /** Unique across stores (the display id). */
  id: string;
  type: MemoryType;
  text: string;
  /** Restatements merged into it, newest last. */
  supplement?: string;
  createdAt: number;
  heat: number;
  /** Set when it is the current value of a subject: state, carried like a project memory. */
  subjectKey?: string | null;
  /** The subject as it was said ("Staging DB port"): its head word tells "staging" from "staging DB port". */
  subject?: string | null;
  /** The value it states of its subject. */
  value?: string | null;
  /** Who it came from: "team:<author>" for a teammate's memory (text/team-agent.ts). */
  agent?: string;
}

/** A fact found by searching for the launch query, with its fused score. */
export interface FactHit<M extends BlockMemory> {
  memory: M;
  score: number;
}

/**
 * The candidates for one launch, gathered by the core: every active global,
 * project memories bound to this directory or an ancestor, and the facts a
 * search for the launch query found (best first).
 */
export interface BlockCandidates<M extends BlockMemory> {
  globals: M[];
  projects: M[];
  facts: Array<FactHit<M>>;
}

export interface Selected<M extends BlockMemory = BlockMemory> {
  memory: M;
  /** Fused search score for facts; 0 for globals and project memories. */
  score: number;
  /** Used by the budget: globals outrank project memories, which outrank facts. */
  relevance: number;
  date?: string;
}

export interface SelectOptions {
  topK: number;
  /** Facts scoring below this are not injected. */
  retrievalThreshold: number;
  /** Memories older than this many days are shown with their date. */
  archiveAfterDays: number;
  now: number;
}

const GROUP_ORDER = { global: 0, project: 1, fact: 2 } as const;
const GROUP_WEIGHT = { global: 2, project: 1, fact: 0 } as const;

/**
 * Where a memory goes in the block: preferences, then the current state
 * (project memories, and any memory that is the current value of a
 * subject), then episodes.
 */
export function sectionOf(m: BlockMemory): keyof typeof GROUP_ORDER {
  return m.type === 'fact' && m.subjectKey ? 'project' : m.type;
}
const DAY_MS = 86_400_000;
/** Conflicting memories must have been written within this window. */
export const CONFLICT_WINDOW_DAYS = 14;
/** Design: "above 0.9 similarity", on the model's scale. */
const CONFLICT_SIMILARITY_MODEL = 0.9;

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

/** Every global and project candidate, and the facts over the threshold (at most top_k), with their relevance. */
export function selectMemories<M extends BlockMemory>(c: BlockCandidates<M>, o: SelectOptions): Array<Selected<M>> {
  // A fact that is current state is already among the project memories; top_k counts episodes.
  const state = new Set(c.projects.map((m) => m.id));
  // A session summary records what a session did; it is no fact to hand the next one (it stays searchable).
  const facts = c.facts.filter((h) => h.score >= o.retrievalThreshold && !state.has(h.memory.id) && !isSessionSummary(h.memory.text)).slice(0, o.topK);
  const dated = (m: M): string | undefined =>
    o.now - m.createdAt > o.archiveAfterDays * DAY_MS ? new Date(m.createdAt).toISOString().slice(0, 10) : undefined;
  const pick = (m: M, score: number): Selected<M> => ({
    memory: m,
    score,
    relevance: GROUP_WEIGHT[sectionOf(m)] + score + Math.min(m.heat, 50) / 1000,
    date: dated(m),
  });
  return [...c.globals.map((m) => pick(m, 0)), ...c.projects.map((m) => pick(m, 0)), ...facts.map((h) => pick(h.memory, h.score))];
}

/** Globals, then current state, then episodes; older first within a group (a model weighs later context more). */
export function orderSelected<M extends BlockMemory>(items: Array<Selected<M>>): Array<Selected<M>> {
  // A teammate's memories come after the user's own, under their own heading (format.ts).
  const team = (m: BlockMemory): number => (teamAuthorOf(m.agent) === undefined ? 0 : 1);
  return [...items].sort(
    (a, b) =>
      team(a.memory) - team(b.memory) ||
      GROUP_ORDER[sectionOf(a.memory)] - GROUP_ORDER[sectionOf(b.memory)] || a.memory.createdAt - b.memory.createdAt || a.memory.id.localeCompare(b.memory.id, 'en', { numeric: true }),
  );
}

/** The design's 0.9 sits between merge and update; keep that position on this embedder's scale. */
export function conflictThreshold(t: { merge: number; update: number }): number {
  const model = { merge: 0.8, update: 0.92 };
  const pos = (CONFLICT_SIMILARITY_MODEL - model.merge) / (model.update - model.merge);
  return t.merge + pos * (t.update - t.merge);
}

function disagree(ta: Set<string>, tb: Set<string>): boolean {
  for (const t of ta) if (!tb.has(t)) return true;
  for (const t of tb) if (!ta.has(t)) return true;
  return false;
}

/**
 * Pair decisions kept between processes (memory/conflict-memo.ts): a
 * rebuilt block meets the pairs the build before it decided, and deciding
 * them again read every memory's vector (~70 µs each from vec0) and ~1,300
 * cosines, most of a rebuilt launch's block at 10k memories. The caller
 * keys the memo by what the decisions depend on besides the two memories
 * (the embedder, the threshold).
 */
export interface ConflictMemo {
  get(pair: string): boolean | undefined;
  set(pair: string, conflict: boolean): void;
}

/** What a decision reads of a memory (its vector follows from its text), hashed. */
const printOf = (m: BlockMemory): string => quickHash(JSON.stringify([m.id, m.text, m.createdAt, m.subjectKey ?? null, m.subject ?? null, m.value ?? null]));
/** Decisions are symmetric: one key whichever memory comes first. */
const pairKey = (a: string, b: string): string => (a < b ? a + b : b + a);

/** Whether two memories conflict: nearly the same statement, written close together, yet saying different things. */
export type ConflictJudge = (a: BlockMemory, b: BlockMemory) => boolean;

/**
 * A judge that decides each pair once, keeping each memory's vector and
 * words: a block is rendered several times while it is fitted to the
 * budget, and with a hundred short memories the cosines of the same
 * pairs were most of a rebuilt launch's block time.
 */
export function conflictJudge(vectorOf: (m: BlockMemory) => Float32Array | undefined, threshold: number, memo?: ConflictMemo): ConflictJudge {
  // Per memory, by first sight: its number, then only when a pair needs
  // them its unit vector (a pair's cosine is then one dot product) and
  // words. A pair's decision, the subject test's included, is kept under a
  // number made of the two (no string per pair).
  interface Entry {
    n: number;
    unit?: Float32Array | null;
    words?: Set<string>;
    keyWords?: string[];
    head?: string | null;
    /** A hash of what a decision reads of it, for the memo. */
    print?: string;
  }
  const seen = new Map<string, Entry>();
  const decided = new Map<number, boolean>();
  const entry = (m: BlockMemory): Entry => {
    let e = seen.get(m.id);
    if (!e) seen.set(m.id, (e = { n: seen.size }));
    return e;
  };
  const unit = (m: BlockMemory, e: Entry): Float32Array | null => {
    if (e.unit === undefined) {
      const v = vectorOf(m);
      e.unit = (v && unitOf(v)) ?? null;
    }
    return e.unit;
  };
  const keyWordsOf = (key: string, e: Entry): string[] => (e.keyWords ??= key.split(' '));
  const headOfEntry = (m: BlockMemory, e: Entry): string | null => (e.head ??= (m.subject ? headOf(m.subject) : undefined) ?? null);
  // Unknown heads may be one thing; known ones that differ are one thing only when their values
  // have one shape: "node" = 22.3.0 is the "Node version" = 20.11.1, "staging" = staging-db-02
  // is not the "staging DB port" = 5434.
  const mayBeOne = (a: BlockMemory, ea: Entry, b: BlockMemory, eb: Entry): boolean => {
    const ha = headOfEntry(a, ea);
    const hb = headOfEntry(b, eb);
    return ha === null || hb === null || ha === hb || ledByNumber(a.value ?? '') === ledByNumber(b.value ?? '');
  };
  const wordsOf = (m: BlockMemory, e: Entry): Set<string> => (e.words ??= tokenSet(m.text));
  const decide = (a: BlockMemory, ea: Entry, b: BlockMemory, eb: Entry): boolean => {
    // Two current values of what may be one subject ("the port", "the preview server port"): say so, however far apart.
    if (
      a.subjectKey &&
      b.subjectKey &&
      matchSubjectWords(a.subjectKey, keyWordsOf(a.subjectKey, ea), b.subjectKey, keyWordsOf(b.subjectKey, eb)) === 'maybe' &&
      mayBeOne(a, ea, b, eb) &&
      !sameValue(a.value ?? '', b.value ?? '')
    )
      return true;
    if (Math.abs(a.createdAt - b.createdAt) > CONFLICT_WINDOW_DAYS * DAY_MS) return false;
    const ua = unit(a, ea);
    const ub = ua && unit(b, eb);
    return !!ua && !!ub && dot(ua, ub) > threshold && disagree(wordsOf(a, ea), wordsOf(b, eb));
  };
  // findConflicts asks for every pair of the block with one memory fixed across its inner loop.
  let lastA: BlockMemory | undefined;
  let lastEa: Entry | undefined;
  return (a, b) => {
    if (a.type === 'global' || b.type === 'global') return false;
    // Apart in time and not two current values: no conflict, without the memo (the common pair of a store some weeks old).
    if (!(a.subjectKey && b.subjectKey) && Math.abs(a.createdAt - b.createdAt) > CONFLICT_WINDOW_DAYS * DAY_MS) return false;
    const ea = a === lastA && lastEa ? lastEa : (lastEa = entry((lastA = a)));
    const eb = entry(b);
    // The memo keeps what is decided here too: it is the only cache a pair needs.
    if (memo) {
      const pair = pairKey((ea.print ??= printOf(a)), (eb.print ??= printOf(b)));
      let kept = memo.get(pair);
      if (kept === undefined) memo.set(pair, (kept = decide(a, ea, b, eb)));
      return kept;
    }
    const key = Math.min(ea.n, eb.n) * 0x100000 + Math.max(ea.n, eb.n);
    let c = decided.get(key);
    if (c === undefined) decided.set(key, (c = decide(a, ea, b, eb)));
    return c;
  };
}

/**
 * Pairs (1-based positions in `ordered`) of memories that are nearly the
 * same statement, written close together, yet say different things.
 */
export function findConflicts(ordered: BlockMemory[], judge: ConflictJudge): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < ordered.length; i++) {
    for (let j = i + 1; j < ordered.length; j++) {
      const a = ordered[i];
      const b = ordered[j];
      if (a && b && judge(a, b)) out.push([i + 1, j + 1]);
    }
  }
  return out;
}
