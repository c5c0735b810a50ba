/**
 * claude-mem as a library: its whole public API, by job.
 *
 *   import { withMemory, recoverSessions } from 'claude-mem';
 *   const hits = await withMemory({ cwd, recover: recoverSessions }, (m) => m.search('日志格式'));
 */
// The library core: open a directory's memory, then read and write it.
export * from './memory/index.js';
// Work done later: distill, recover, prune, index, warm.
export * from './background/index.js';
// A wrapped session: run a CLI with its block handed over, recorded.
export * from './session/index.js';
// The types and pieces clients build on.
export { loadConfig, defaultConfig, listConfigKeys, type Config, type LoadedConfig, type Paths } from './config/index.js';
export { MEMORY_TYPES, cosine, redact, type MemoryType, type Candidate } from './text/index.js';
export type { Memory, Hit, WriteResult, WriteAction, FilterReason, Embedder, Thresholds } from './store/index.js';
export type { BuiltBlock } from './inject/index.js';
export { encodeHeader, encodeEvent, parseCast, screenLinesOf, runSession, SinkFanOut, type CastHeader, type ParsedCast, type SessionEvent, type ScreenLine, type SessionObserver, type Sink } from './pty/index.js';
export { BLOCK_BEGIN, BLOCK_END } from './memory-block.js';
