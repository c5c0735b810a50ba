/**
 * The pty stage: live (spawn, pass-through, recorder sink, echo probe) and
 * replay (log parsing, the screen model). The screen model pulls in
 * @xterm/headless, which must not load on the launch path, so it is reached
 * through a lazy wrapper here.
 */
import type { ScreenLine } from './screen.js';
import type { Replay } from './replay.js';
import type { SessionEvent } from './events.js';
import type { TerminalSize } from './terminal.js';

export { runSession, type SessionOptions, type SessionResult, type SessionObserver } from './run-session.js';
export { CastRecorder, FLUSH_INTERVAL_MS } from './recorder.js';
export { parseCast, parseEventLine, encodeEvent, encodeHeader, readCastHeader, CastFormatError, type CastHeader, type ParsedCast } from './asciicast.js';
export { EchoProbe, parseSttyG, mayRecord, type EchoState } from './echo-probe.js';
export { InputGate } from './input-gate.js';
export { OrderedSink } from './ordered-sink.js';
export { SinkFanOut } from './fan-out.js';
export { resolveCommand } from './resolve-command.js';
export { exitStatus } from './exit-status.js';
export { currentSize, DEFAULT_SIZE, type TerminalSize } from './terminal.js';
export type { SessionEvent, EventCode, Sink } from './events.js';
export type { ScreenLine } from './screen.js';
export type { Replay } from './replay.js';
export {
  newSessionId,
  castPath,
  writeLock,
  removeLock,
  isLive,
  listSessionIds,
  markDone,
  unprocessedLogs,
  claimProcessing,
  logSize,
  setAside,
  pidAlive,
  sweepStaleLocks,
  setAsideReason,
  clearSetAside,
} from './session-files.js';

/** Streams a session log through the screen model (loaded on first use). */
export async function replayCast(path: string, o: { keep?: (line: string) => boolean } = {}): Promise<Replay> {
  const replay = await import('./replay.js');
  return replay.replayCast(path, o);
}

/** Finished text lines of a recorded session, replayed through the screen model (loaded on first use). */
export async function screenLinesOf(events: SessionEvent[], size: TerminalSize): Promise<ScreenLine[]> {
  const screen = await import('./screen.js');
  return screen.screenLinesOf(events, size);
}
