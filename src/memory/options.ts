/** What a caller of DirectoryMemory passes and gets back: search and remember options, a search's result. */
import type { Hit, MemoryType, SearchFilter } from '../store/index.js';

/** The store's filter (type, agent, dir, since, until, archived), with `dir` resolved against the memory's cwd. */
export interface QueryOptions extends SearchFilter {
  limit?: number;
  /** Full text only: no query embedding, no vector scan. */
  lexicalOnly?: boolean;
  /** Keep hits with no lexical match and a weak vector (for ranking studies; the CLI drops them). */
  keepWeak?: boolean;
}

export interface QueryResult {
  hits: Hit[];
  ms: number;
}

export interface RememberOptions {
  /** Default: classified from the text (DESIGN.md's rules). */
  type?: MemoryType;
  agent?: string;
  /** Keep it even when it nearly repeats an existing memory. */
  force?: boolean;
  /**
   * Whose words: the user's (`remember` typed at a terminal) or an agent's
   * (MCP, which a prompt-injected model can call). An agent's words stay in
   * this project, wait for review and are never a global memory.
   */
  by?: 'user' | 'agent';
}

export const DEFAULT_QUERY_LIMIT = 10;

