/**
 * The values that flow from the distiller to the store: a memory's type and
 * a candidate for a write. They live here, beside the text tools, so the
 * distiller never imports the store and the store never imports the distiller.
 */
import type { Statement } from './statement.js';

export const MEMORY_TYPES = ['global', 'project', 'fact'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

export interface Candidate {
  type: MemoryType;
  text: string;
  dir: string;
  agent: string;
  sessionId?: string | null;
  source?: string | null;
  /** Milliseconds; defaults to now. Loaders of old data set it. */
  createdAt?: number;
  /**
   * The user asked for it (the marker, or `remember`): the length and
   * low-value filters are skipped. Trivia, redaction and dedup still apply.
   */
  explicit?: boolean;
  /**
   * The user wrote it on purpose, here (`remember`, a marker typed in their
   * own session): reviewed at birth, so `team.share: reviewed` shares it
   * without a `review`. Not set for what comes from elsewhere (a teammate's
   * pull, notes found in a repository).
   */
  reviewed?: boolean;
  /** Explicit only: keep it even though it nearly repeats an existing memory. */
  force?: boolean;
  /**
   * A session summary: it quotes what was said, so its correction words
   * ("instead of") are not its own and it never supersedes a memory.
   */
  summary?: boolean;
  /**
   * What the text states the value of, when the distiller has looked
   * already (null: nothing), in its own thread. The store takes it only for
   * a text that redaction left as it was; otherwise it looks again.
   */
  statement?: Statement | null;
}
