export { parseClaudeTranscript } from './claude.js';
export { parseGeminiChat } from './gemini.js';
export { parseCodexRollout } from './codex.js';
export { commandCandidates, MAX_COMMAND_MEMORIES, type CommandCandidate } from './commands.js';
export { transcriptSegment } from './segment.js';
export {
  asTranscriptRef,
  claudeConfigDir,
  claudeTranscriptPath,
  claudeProjectSlug,
  codexHome,
  codexRolloutFiles,
  geminiChatCwd,
  geminiChatFiles,
  geminiDir,
  geminiProjects,
  listDir,
  parseTranscript,
  readTranscript,
  type TranscriptRef,
  type TranscriptRead,
} from './locate.js';
export type { Transcript, TranscriptTurn, ToolCall } from './types.js';
