import type { TranscriptRef } from '../transcripts/homes.js';
import {
  CastRecorder,
  EchoProbe,
  InputGate,
  OrderedSink,
  SinkFanOut,
  castPath,
  markDone,
  removeLock,
  writeLock,
  type SessionEvent,
  type SessionObserver,
  type TerminalSize,
} from '../pty/index.js';
import type { Config, Paths } from '../config/index.js';
import { errorMessage } from '../errors.js';
import { SILENT, type Notices } from '../memory/notices.js';
import { keepOutOfGit } from '../memory/git-exclude.js';
import { LiveMarkers } from './live-markers.js';
import { spawnDetached } from '../background/spawn.js';

export interface RecordingOptions {
  sessionId: string;
  /** Where the wrapped CLI writes its own transcript of this session, when run fixed it. */
  transcript?: TranscriptRef;
  agent: string;
  /** The command line as the user gave it, for the log header. */
  commandLine: string;
  cwd: string;
  /** The environment background processes get (the user's, not the child's). */
  env: NodeJS.ProcessEnv;
  childEnv: NodeJS.ProcessEnv;
  config: Config;
  paths: Paths;
  messages: Notices;
}

/**
 * Everything that records one session, wired together: the log, the
 * input gate with its echo probe, live markers and the periodic fallback.
 * `run` hands it the session's events; it never touches the pass-through.
 */
export class SessionRecording implements SessionObserver {
  private recorder: CastRecorder | undefined;
  private gate: InputGate | undefined;
  private probe: EchoProbe | undefined;
  private ordered: OrderedSink | undefined;
  private markers: LiveMarkers | undefined;
  private periodic: NodeJS.Timeout | undefined;

  constructor(private readonly o: RecordingOptions) {}

  /** Called once the PTY exists. */
  start({ ptsName, size }: { ptsName: string | undefined; size: TerminalSize }): void {
    const { o } = this;
    try {
      writeLock(o.paths.sessionsDir, o.sessionId, process.pid);
    } catch (err) {
      o.messages.warn(`cannot create ${o.paths.sessionsDir} (${errorMessage(err)}); recording is off for this session.`);
      return;
    }
    // The raw logs must never be staged by a `git add -A`: the folder stays out of git from its first file.
    keepOutOfGit(o.paths, SILENT);
    const recorder = new CastRecorder({
      path: castPath(o.paths.sessionsDir, o.sessionId),
      header: {
        version: 2,
        width: size.cols,
        height: size.rows,
        timestamp: Math.floor(Date.now() / 1000),
        command: o.commandLine,
        env: { TERM: o.childEnv['TERM'] ?? 'xterm-256color', SHELL: o.childEnv['SHELL'] ?? '' },
        'x-claude-mem': { session_id: o.sessionId, cwd: o.cwd, agent: o.agent, ...(o.transcript ? { transcript: o.transcript } : {}) },
      },
      onFailure: (reason) => {
        o.messages.warn(reason);
        removeLock(o.paths.sessionsDir, o.sessionId);
      },
    });
    this.recorder = recorder;
    const markers = new LiveMarkers(o.config.watch.prompt_marker, () => {
      recorder.flush();
      this.background(['--markers-only']);
    });
    this.markers = markers;
    const fanOut = new SinkFanOut(
      [
        { name: 'the session log', sink: recorder },
        { name: 'live markers', sink: { event: (e) => markers.event(e), flush: () => undefined, close: () => markers.close() } },
      ],
      (name, err) => o.messages.warn(`${name} failed (${errorMessage(err)}) and is off for this session; the CLI keeps running.`),
    );
    this.ordered = new OrderedSink(fanOut);
    // Periodic fallback: fold new material in while a long session runs,
    // in a background process, never on the pass-through path.
    this.periodic = setInterval(() => {
      if (!recorder.active) return;
      recorder.flush();
      this.background(['--live']);
    }, o.config.distill.periodic_minutes * 60_000);
    this.periodic.unref();
    if (ptsName) {
      this.probe = new EchoProbe(ptsName);
      this.gate = new InputGate(this.probe, this.ordered);
    } else {
      o.messages.warn('cannot read the terminal echo state here; typed input is not recorded.');
    }
  }

  event(e: SessionEvent): void {
    if (!this.ordered || !this.recorder?.active) return;
    if (e.code === 'o') this.gate?.noteOutput();
    this.ordered.push(e);
  }

  holdInput(): Promise<void> | undefined {
    return this.recorder?.active ? this.gate?.holdInput() : undefined;
  }

  input(t: number, data: string): void {
    if (!this.recorder?.active) return;
    this.gate?.noteInput(t, data);
  }

  /** True once the session's log holds events and is being handed to the distiller. */
  recorded = false;

  /** A promise while the log is behind: the PTY waits (see CastRecorder.backlog). */
  backlog(): Promise<void> | undefined {
    return this.recorder?.active ? this.recorder.backlog() : undefined;
  }

  /** After the child exited: settle input, write the rest, hand the log to the distiller. */
  async finish(): Promise<void> {
    if (this.periodic) clearInterval(this.periodic);
    await this.gate?.drain();
    this.gate?.close();
    this.ordered?.settleAll();
    this.probe?.dispose();
    this.markers?.close();
    const recorder = this.recorder;
    if (!recorder) return;
    await recorder.finish();
    removeLock(this.o.paths.sessionsDir, this.o.sessionId);
    // A session that printed and read nothing has nothing to distill.
    if (recorder.active && recorder.events > 0) {
      this.recorded = true;
      this.background([]);
    }
    else if (recorder.active) markDone(this.o.paths.sessionsDir, this.o.sessionId);
  }

  private background(flags: string[]): void {
    spawnDetached(['distill', '--session', this.o.sessionId, ...flags], this.o.cwd, this.o.env);
  }
}
