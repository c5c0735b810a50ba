import { basename } from 'node:path';
import { ConfigError, exitCodes, errorMessage } from '../errors.js';
import { defaultConfig, loadConfig, resolvePaths, type Config, type Paths } from '../config/index.js';
// Direct imports, not pty/index: the screen model (@xterm/headless) is for
// distillation and must not load on the launch path.
import { newSessionId, unprocessedLogs } from '../pty/session-files.js';
import { resolveCommand } from '../pty/resolve-command.js';
import { runSession } from '../pty/run-session.js';
import { SessionRecording } from './session-recording.js';
import type { Messages } from './messages.js';
import { spawnDetached } from './self.js';
import { prepareInjection, type PreparedInjection } from './run-inject.js';

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

  const recording =
    memory && opts.record && config.watch.enabled
      ? new SessionRecording({
          sessionId,
          agent,
          commandLine: [opts.command, ...opts.args].join(' '),
          cwd: opts.cwd,
          env: opts.env,
          childEnv,
          config,
          paths,
          messages: opts.messages,
        })
      : undefined;

  const result = await runSession({
    file: resolved.path,
    args,
    firstInput: injection?.firstInput,
    holdOutput: () => recording?.backlog(),
    cwd: opts.cwd,
    env: childEnv,
    onStart: ({ ptsName, size }) => recording?.start(ptsName, size),
    onEvent: (e) => recording?.event(e),
    onInput: (t, data) => recording?.input(t, data),
  });

  // The child is gone; what follows must not lose its status. The echo
  // helper's pipes are unref'd, so hold the loop open until we are done,
  // and set the exit code now in case anything exits early.
  process.exitCode = result.status;
  const keepAlive = setInterval(() => undefined, 1000);
  await recording?.finish();
  injection?.cleanup();
  clearInterval(keepAlive);
  return result.status;
}
