export { parseClaudeTranscript } from './claude.js';
export { commandCandidates, MAX_COMMAND_MEMORIES, type CommandCandidate } from './commands.js';
export { transcriptSegment } from './segment.js';
export { claudeConfigDir, claudeTranscriptPath, claudeProjectSlug, readTranscript, type TranscriptRef, type TranscriptRead } from './locate.js';
export type { Transcript, TranscriptTurn, ToolCall } from './types.js';
