export { runSession, type SessionOptions, type SessionResult } from './run-session.js';
export { CastRecorder, FLUSH_INTERVAL_MS } from './recorder.js';
export { parseCast, encodeEvent, encodeHeader, CastFormatError, type CastHeader, type ParsedCast } from './asciicast.js';
export { EchoProbe, parseSttyG, mayRecord, type EchoState } from './echo-probe.js';
export { InputGate } from './input-gate.js';
export { OrderedSink } from './ordered-sink.js';
export { ScreenModel, screenLinesOf, type ScreenLine } from './screen.js';
export { resolveCommand } from './resolve-command.js';
export { exitStatus } from './exit-status.js';
export { currentSize, DEFAULT_SIZE, type TerminalSize } from './terminal.js';
export type { SessionEvent, EventCode, Sink } from './events.js';

export { newSessionId, castPath, writeLock, removeLock, isLive, listSessionIds, markDone, unprocessedLogs, claimProcessing, logSize } from './session-files.js';
