/**
 * Work done later, outside the user's way: turning session logs into
 * memories (pipeline.ts, on worker threads in parallel-distill.ts), crash
 * recovery when a memory is opened (recover.ts), transcript imports,
 * pruning logs, building vector indexes, and the detached processes that
 * run them (spawn.ts, warm.ts). It uses the library core (../memory/);
 * the core never imports it.
 */
export { distillSessions, pruneSessions, buildVectorIndexes, startVectorIndexBuild, warmInBackground, type ProcessOptions } from './jobs.js';
export { recoverSessions } from './recover.js';
export { withUpkeep } from './with-upkeep.js';
export type { ProcessMode, ProcessReport, SkipReason } from './pipeline.js';
export { UNUSABLE } from './skip-reasons.js';
export type { PruneReport } from './log-upkeep.js';
export type { AnnBuildOutcome } from './vector-upkeep.js';
export { heapCapped, runCapped } from './spawn.js';
