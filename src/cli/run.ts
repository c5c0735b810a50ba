import { basename } from 'node:path';
import { ConfigError, exitCodes, errorMessage } from '../errors.js';
import { defaultConfig, loadConfig, resolvePaths, type Config, type Paths } from '../config/index.js';
// Direct imports, not pty/index: the screen model (@xterm/headless) is for
// distillation and must not load on the launch path.
import { CastRecorder } from '../pty/recorder.js';
import { EchoProbe } from '../pty/echo-probe.js';
import { InputGate } from '../pty/input-gate.js';
import { OrderedSink } from '../pty/ordered-sink.js';
import { castPath, markDone, newSessionId, removeLock, unprocessedLogs, writeLock } from '../pty/session-files.js';
import { resolveCommand } from '../pty/resolve-command.js';
import { runSession } from '../pty/run-session.js';
import type { SessionEvent } from '../pty/events.js';
import type { Messages } from './messages.js';
import { spawnDetached } from './self.js';
import { prepareInjection, type PreparedInjection } from './run-inject.js';
import { LiveMarkers } from './live-markers.js';

export interface RunOptions {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  messages: Messages;
  inject: boolean;
  record: boolean;
  sets: string[];
}

/** Env var that names the session to a wrapped CLI (and its hooks). */
export const SESSION_ENV = 'CLAUDE_MEM_SESSION_ID';

function loadOrWarn(opts: RunOptions): { config: Config; paths: Paths; memory: boolean } {
  try {
    const loaded = loadConfig({ cwd: opts.cwd, env: opts.env, sets: opts.sets });
    return { config: loaded.config, paths: loaded.paths, memory: true };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // The user's work comes first: say it once, then launch without memory.
    opts.messages.error(`${err.message} Starting without memory.`);
    return { config: defaultConfig(), paths: resolvePaths(opts.cwd, opts.env), memory: false };
  }
}

export async function runCommand(opts: RunOptions): Promise<number> {
  const resolved = resolveCommand(opts.command, opts.env, opts.cwd);
  if (!resolved.ok) {
    opts.messages.error(
      resolved.reason === 'not-found'
        ? `command not found: ${opts.command}. Check the name, or that its directory is on PATH.`
        : `permission denied: ${opts.command} is not executable.`,
    );
    return resolved.reason === 'not-found' ? exitCodes.notFound : 126;
  }
  const { config, paths, memory } = loadOrWarn(opts);
  const agent = basename(opts.command);
  const sessionId = opts.env[SESSION_ENV] && /^[\w.-]+$/.test(opts.env[SESSION_ENV] ?? '') ? (opts.env[SESSION_ENV] as string) : newSessionId();
  const childEnv: NodeJS.ProcessEnv = { ...opts.env, [SESSION_ENV]: sessionId };

  if (memory && unprocessedLogs(paths.sessionsDir).length > 0) {
    // Crash recovery: logs a killed wrapper left behind are processed in the
    // background, never on the way to the user's prompt.
    spawnDetached(['distill', '--pending'], opts.cwd, opts.env);
  }

  let injection: PreparedInjection | undefined;
  let args = opts.args;
  if (memory && opts.inject && config.inject.enabled) {
    try {
      injection = await prepareInjection({ agent, args: opts.args, cwd: opts.cwd, env: opts.env, config, paths });
      args = injection.args;
      Object.assign(childEnv, injection.env);
    } catch (err) {
      opts.messages.warn(`memory injection failed (${errorMessage(err)}); starting without memory.`);
      injection = undefined;
    }
  }

  const recording = memory && opts.record && config.watch.enabled;
  let recorder: CastRecorder | undefined;
  let gate: InputGate | undefined;
  let probe: EchoProbe | undefined;
  let ordered: OrderedSink | undefined;
  let markers: LiveMarkers | undefined;
  const logPath = castPath(paths.sessionsDir, sessionId);

  let periodic: NodeJS.Timeout | undefined;
  const result = await runSession({
    file: resolved.path,
    args,
    firstInput: injection?.firstInput,
    holdOutput: () => (recorder?.active ? recorder.backlog() : undefined),
    cwd: opts.cwd,
    env: childEnv,
    onStart: ({ ptsName, size }) => {
      if (!recording) return;
      try {
        writeLock(paths.sessionsDir, sessionId, process.pid);
      } catch (err) {
        opts.messages.warn(`cannot create ${paths.sessionsDir} (${errorMessage(err)}); recording is off for this session.`);
        return;
      }
      recorder = new CastRecorder({
        path: logPath,
        header: {
          version: 2,
          width: size.cols,
          height: size.rows,
          timestamp: Math.floor(Date.now() / 1000),
          command: [opts.command, ...opts.args].join(' '),
          env: { TERM: childEnv['TERM'] ?? 'xterm-256color', SHELL: childEnv['SHELL'] ?? '' },
          'x-claude-mem': { session_id: sessionId, cwd: opts.cwd, agent },
        },
        onFailure: (reason) => {
          opts.messages.warn(reason);
          removeLock(paths.sessionsDir, sessionId);
        },
      });
      const target = recorder;
      markers = new LiveMarkers(config.watch.prompt_marker, () => {
        target.flush();
        spawnDetached(['distill', '--session', sessionId, '--markers-only'], opts.cwd, opts.env);
      });
      const live = markers;
      ordered = new OrderedSink({
        event: (e) => {
          target.event(e);
          live.event(e);
        },
        flush: () => target.flush(),
        close: () => target.close(),
      });
      // Periodic fallback: fold new material in while a long session runs,
      // in a background process, never on the pass-through path.
      periodic = setInterval(() => {
        if (!target.active) return;
        target.flush();
        spawnDetached(['distill', '--session', sessionId, '--live'], opts.cwd, opts.env);
      }, config.distill.periodic_minutes * 60_000);
      periodic.unref();
      if (ptsName) {
        probe = new EchoProbe(ptsName);
        gate = new InputGate(probe, ordered);
      } else {
        opts.messages.warn('cannot read the terminal echo state here; typed input is not recorded.');
      }
    },
    onEvent: (e: SessionEvent) => {
      if (!ordered || !recorder?.active) return;
      if (e.code === 'o') gate?.noteOutput();
      ordered.push(e);
    },
    onInput: (t, data) => {
      if (!recorder?.active) return;
      gate?.noteInput(t, data);
    },
  });

  // The child is gone; what follows must not lose its status. The echo
  // helper's pipes are unref'd, so hold the loop open until we are done,
  // and set the exit code now in case anything exits early.
  process.exitCode = result.status;
  if (periodic) clearInterval(periodic);
  const keepAlive = setInterval(() => undefined, 1000);
  await gate?.drain();
  gate?.close();
  ordered?.settleAll();
  probe?.dispose();
  markers?.close();
  if (recorder) {
    await recorder.finish();
    removeLock(paths.sessionsDir, sessionId);
    // A session that printed and read nothing has nothing to distill.
    if (recorder.active && recorder.events > 0) spawnDetached(['distill', '--session', sessionId], opts.cwd, opts.env);
    else if (recorder.active) markDone(paths.sessionsDir, sessionId);
  }
  injection?.cleanup();
  clearInterval(keepAlive);
  return result.status;
}
