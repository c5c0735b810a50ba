/**
 * The library core: the memory of one directory, opened once, used by every
 * client (the CLI, hooks, MCP, the viewer, bench/). Open it, then search,
 * list, remember, forget, review, build the block a launch would get, and
 * report status. It imports nothing of the other two jobs: a wrapped
 * session's life is in ../session/ (run a CLI under the wrapper, hand it the
 * block, record it), work done later in ../background/ (distill session
 * logs, recover after a crash, prune, build indexes, warm the next launch).
 * The package's entry (../index.ts) offers all three.
 */
export { openMemory, withMemory, type OpenOptions, type OnOpen } from './open.js';
export { DirectoryMemory, type QueryOptions, type QueryResult, type RememberOptions } from './directory-memory.js';
export type { StatusReport } from './status.js';
export type { AnnReport } from './vector-report.js';
export type { SubjectHistory, HistoryEntry } from './history.js';
export { SILENT, type Notices } from './notices.js';
export { embedderStatus, pullSentenceModel } from './model.js';
