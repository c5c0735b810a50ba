/**
 * claude-mem as a library: the memory of a directory, opened once, used by
 * every client (the CLI, hooks, MCP, the viewer, bench/).
 *
 *   import { withMemory } from 'claude-mem';
 *   const hits = await withMemory({ cwd }, (m) => m.search('日志格式'));
 */
export { openMemory, withMemory, type OpenOptions } from './open.js';
export { DirectoryMemory, type QueryOptions, type QueryResult, type RememberOptions, type ProcessOptions } from './directory-memory.js';
export type { ProcessMode, ProcessReport, SkipReason } from './pipeline.js';
export { UNUSABLE } from './skip-reasons.js';
export type { StatusReport } from './status.js';
export type { PruneReport } from './log-upkeep.js';
export type { AnnReport, AnnBuildOutcome } from './vector-upkeep.js';
export { SILENT, type Notices } from './notices.js';
export { runWrapped, SESSION_ENV, type RunOptions } from './run-wrapped.js';
export { prepareInjection, handOverArgs, type PreparedInjection } from './launch.js';
export { loadConfig, defaultConfig, listConfigKeys, type Config, type LoadedConfig, type Paths } from '../config/index.js';
export { MEMORY_TYPES, type MemoryType, type Candidate } from '../text/index.js';
export type { Memory, Hit, WriteResult, WriteAction, FilterReason, Embedder, Thresholds } from '../store/index.js';
export type { BuiltBlock } from '../inject/index.js';
export { cosine } from '../text/index.js';
export { encodeHeader, encodeEvent, parseCast, type CastHeader, type ParsedCast, type SessionEvent } from '../pty/index.js';
export { embedderStatus, pullSentenceModel } from './model.js';
export { screenLinesOf, type ScreenLine } from '../pty/index.js';
export { BLOCK_BEGIN, BLOCK_END } from '../memory-block.js';
export { runSession, SinkFanOut, type SessionObserver, type Sink } from '../pty/index.js';
export { redact } from '../text/index.js';
export { heapCapped, runCapped } from './background.js';
