import type { MemoryType } from '../text/index.js';

export { MEMORY_TYPES, type MemoryType, type Candidate } from '../text/candidate.js';
export type MemoryStatus = 'active' | 'archived';
/** Global memories live in the user store; project and fact in the project store. */
export type StoreScope = 'user' | 'project';

export interface Memory {
  /** Display id: "12" in the project store, "g12" in the user store. */
  id: string;
  rowid: number;
  scope: StoreScope;
  type: MemoryType;
  text: string;
  supplement: string;
  dir: string;
  agent: string;
  sessionId: string | null;
  /** Where it came from: "<log path>#t=<seconds>" or any reference a loader sets. */
  source: string | null;
  createdAt: number;
  lastAccessedAt: number;
  heat: number;
  status: MemoryStatus;
  contentHash: string;
  embedderId: string;
  /** Set when a newer memory corrected this one (it is then archived). */
  supersededBy: string | null;
  /** When a person accepted, edited or retyped it; null while pending review. */
  reviewedAt: number | null;
  /** What it states the value of (text/statement.ts), as written; null for an episode. */
  subject: string | null;
  /** The subject's normalised key: restatements share it. */
  subjectKey: string | null;
  /** The value it states of its subject. */
  value: string | null;
  /** When a newer value superseded it (it was true from createdAt until then); null while current. */
  validTo: number | null;
}

/**
 * A memory as a block is built from it (store-read.ts hottest): what inject
 * shows of it and which store row it is. Read as these columns only: every
 * string column SQLite hands over is a string V8 builds, and a rebuilt
 * launch reads hundreds of rows.
 */
export type HotMemory = Pick<Memory, 'id' | 'rowid' | 'scope' | 'type' | 'text' | 'supplement' | 'agent' | 'createdAt' | 'heat' | 'subject' | 'subjectKey' | 'value'>;

export type WriteAction = 'inserted' | 'updated' | 'merged' | 'duplicate' | 'filtered';
export type FilterReason = 'trivia' | 'short' | 'low-value' | 'overlap' | 'empty' | 'secret' | 'repeat' | 'refused';

export interface WriteResult {
  action: WriteAction;
  /** The memories this one corrected or replaced as the newer value of their subject (now history), if any. */
  supersedes?: string[];
  /** What those replaced memories said of other subjects, still true: kept as memories of their own. */
  kept?: string[];
  /** A refused proposal or a restatement: the current memory it confirmed. */
  confirms?: string;
  reason?: FilterReason;
  /** The memory written, updated or matched. */
  id?: string;
  similarity?: number;
}

export interface SearchFilter {
  type?: MemoryType;
  agent?: string;
  /** Only memories whose dir is this directory or below it. */
  dir?: string;
  /** Milliseconds, inclusive. */
  since?: number;
  until?: number;
  includeArchived?: boolean;
  /**
   * Milliseconds: what was true then, archived or not (written by then, not
   * yet superseded). Overrides includeArchived.
   */
  asOf?: number;
}

export interface SearchOptions extends SearchFilter {
  limit: number;
  /**
   * Candidates from each side (FTS, KNN), when not the limit's own
   * (search.ts searchPool). The pool also sets how many session neighbours
   * lend and support, so a caller that fetches past what it shows (the
   * session spread) keeps the pool of what it shows: the first ten stay the
   * first ten (LoCoMo turn recall@5 0.716 with the pool of 10, 0.712 with 20's).
   */
  pool?: number;
  /** FTS5 only: no query embedding, no vector scan. */
  lexicalOnly?: boolean;
  /** The directory the search is for; memories from elsewhere get the penalty. */
  cwd?: string;
  crossDirPenalty?: number;
}

export interface Hit {
  memory: Memory;
  score: number;
  cosine: number;
  /** Normalised bm25 in [0, 1]; 0 when FTS did not match. */
  lexical: number;
  /** The id of the question this memory follows in its session, when its score is borrowed from that question (neighbours.ts). */
  answers?: string;
  /** Its score is borrowed from a session neighbour (neighbours.ts): the ranker's word for it, not its own words. */
  lent?: boolean;
}

export interface WritePolicy {
  triviaFilter: boolean;
  update: number;
  merge: number;
}
