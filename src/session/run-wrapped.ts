import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { touchPrivateFile } from '../fs-private.js';
import { isAiCli, isShell } from '../agents.js';
import { VIA_HOOKS_ENV } from '../env-names.js';
import { ConfigError, exitCodes, errorMessage } from '../errors.js';
import { defaultConfig, loadConfig, resolvePaths, teamConfigured, type LoadedConfig, type Paths } from '../config/index.js';
import { newSessionId, unprocessedLogs, resolveCommand, runSession, sweepStaleLocks } from '../pty/index.js';
import { sweepHandovers } from './handover.js';
import { SessionRecording } from './recording.js';
import { OWN_OUTPUT_ENV, ownOutputPath } from '../pty/own-output.js';
import type { Notices } from '../memory/notices.js';
import { spawnDetached } from '../background/spawn.js';
import { prepareInjection, type PreparedInjection } from './launch.js';
import { mcpRegistration } from './mcp-registration.js';
import { transcriptFor } from './transcript-ref.js';
import { noticeOnce } from '../memory/notice-once.js';
import { warmLater } from '../background/warm.js';

export interface RunOptions {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  messages: Notices;
  /** Show the launch and exit status lines (the client knows whether stderr is a terminal). */
  statusLines?: boolean;
  inject: boolean;
  record: boolean;
  sets: string[];
  /**
   * Whether this CLI's own hooks hand the block over (set up by `claude-mem
   * setup`): then run adds nothing to its arguments. Asked of whoever knows
   * the CLIs' setup (the command line does); the library imports none of it.
   */
  viaHooks?: (agent: string, env: NodeJS.ProcessEnv) => Promise<boolean>;
}

/** The line at exit: explained the first time, then short (the same sentence after every session was noise). */
function exitLine(userDataDir: string): string {
  const mark = join(userDataDir, '.notice-exit-line');
  if (existsSync(mark)) return 'session recorded';
  try {
    touchPrivateFile(mark);
  } catch {
    // Explained again next time: the lesser harm.
  }
  return 'recorded this session; its memories are distilled in the background ("claude-mem list" shows them)';
}

/** Env var that names the session to a wrapped CLI (and its hooks). */
export const SESSION_ENV = 'CLAUDE_MEM_SESSION_ID';

/** When the team's live sync starts beside a session (team/watch.ts). */
const TEAM_SYNC_AFTER_MS = 1000;

function loadOrWarn(opts: RunOptions): { loaded: LoadedConfig & { paths: Paths }; memory: boolean } {
  try {
    const loaded = loadConfig({ cwd: opts.cwd, env: opts.env, sets: opts.sets });
    for (const w of loaded.warnings) opts.messages.warn(`${w} Recording and memory go on.`);
    return { loaded, memory: true };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // The user's work comes first: say it once, then launch without memory.
    opts.messages.error(`${err.message} Starting without memory.`);
    return { loaded: { config: defaultConfig(), explicit: new Set(), sources: new Map(), warnings: [], files: [], paths: resolvePaths(opts.cwd, opts.env) }, memory: false };
  }
}

/**
 * `claude-mem run`: the CLI under a transparent PTY, handed its memory block,
 * its session recorded; returns the child's exit status.
 */
export async function runWrapped(opts: RunOptions): Promise<number> {
  const resolved = resolveCommand(opts.command, opts.env, opts.cwd);
  if (!resolved.ok) {
    opts.messages.error(
      resolved.reason === 'not-found'
        ? `command not found: ${opts.command}. Check the name, or that its directory is on PATH.`
        : `permission denied: ${opts.command} is not executable.`,
    );
    return resolved.reason === 'not-found' ? exitCodes.notFound : 126;
  }
  const { loaded, memory } = loadOrWarn(opts);
  const { config, paths } = loaded;
  const agent = basename(opts.command);
  const sessionId = opts.env[SESSION_ENV] && /^[\w.-]+$/.test(opts.env[SESSION_ENV] ?? '') ? (opts.env[SESSION_ENV] as string) : newSessionId();
  // Inside a session another claude-mem run records: this one's screen is
  // part of that one already, and a second log would record it twice.
  const nested = Boolean(opts.env[OWN_OUTPUT_ENV]);
  const record = opts.record && !nested;
  const childEnv: NodeJS.ProcessEnv = { ...opts.env, [SESSION_ENV]: sessionId };
  if (record && memory && config.watch.enabled) childEnv[OWN_OUTPUT_ENV] = ownOutputPath(paths.sessionsDir, sessionId);

  // Claude Code, Gemini and Codex write their own transcript: know which one is this session's.
  const transcript = memory && record && config.watch.enabled ? transcriptFor(agent, opts.args, opts.cwd, opts.env, Date.now()) : undefined;
  // The MCP server, for CLIs that take one per run (the user's own config of that name wins).
  const mcp = memory && opts.inject && config.mcp.register ? mcpRegistration(agent, opts.cwd, opts.env, opts.args) : undefined;
  if (mcp?.notice) opts.messages.warn(mcp.notice);
  let injection: PreparedInjection | undefined;
  let args = opts.args;
  // A CLI set up to take the block from its own SessionStart hook gets it
  // there: for Codex any -c override would push it off its shared background
  // server; for Gemini the only per-run way is a visible first prompt.
  const viaHooks = (await opts.viaHooks?.(agent, opts.env)) ?? false;
  if (memory && opts.inject && config.inject.enabled) {
    try {
      injection = await prepareInjection({ agent, args: opts.args, cwd: opts.cwd, loaded, searchTool: mcp?.searchTool });
      if (viaHooks) {
        childEnv[VIA_HOOKS_ENV] = '1';
        injection.cleanup();
        injection = { ...injection, args: opts.args, env: {}, firstInput: undefined };
      } else if (agent === 'codex' && injection.args.length > opts.args.length) {
        noticeOnce(
          paths.userDataDir,
          'codex-embedded',
          'Codex given -c runs without its shared background server (it says so at start); "claude-mem setup codex" hands memory over through its hooks instead, leaving Codex as it is.',
          opts.messages,
        );
      }
      args = injection.args;
      Object.assign(childEnv, injection.env);
    } catch (err) {
      opts.messages.warn(`memory injection failed (${errorMessage(err)}); starting without memory.`);
      injection = undefined;
    }
  }

  if (mcp) args = [...mcp.args, ...args];
  if (transcript) args = [...transcript.args, ...args];

  // One line each way, on stderr only when it is a terminal: never in the
  // child's output, and never in a pipe or a log a script reads.
  const status = (line: string): void => {
    if (config.watch.status_lines && opts.statusLines) opts.messages.info(line);
  };
  if (memory && opts.inject && config.inject.enabled) {
    const b = injection?.block;
    // What was handed over, said as that: a store holds more than one launch's block.
    status(b && b.memories > 0 ? `handed over ${b.memories} memor${b.memories === 1 ? 'y' : 'ies'} (${b.tokens} tokens) → ${agent}` : `no memories for this directory yet → ${agent}`);
  }

  if (nested && opts.record && memory && config.watch.enabled) status('inside a session claude-mem already records: this one is recorded there, once');
  const recording =
    memory && record && config.watch.enabled
      ? new SessionRecording({
          sessionId,
          transcript: transcript?.ref,
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

  // The team's memories, kept current beside the session (pulled as teammates push, this store's
  // changes pushed): its own detached process, which ends when this wrapper does. Started a
  // second in, never on the way to the CLI's first screen; a shorter session has the distill's sync.
  const teamSync =
    memory && teamConfigured(config)
      ? setTimeout(() => spawnDetached(['sync', '--watch', '--parent', String(process.pid)], opts.cwd, opts.env, { heapCap: false }), TEAM_SYNC_AFTER_MS)
      : undefined;
  teamSync?.unref();

  const running = runSession({
    file: resolved.path,
    args,
    firstInput: injection?.firstInput,
    cwd: opts.cwd,
    env: childEnv,
    observer: recording,
    catchMarker:
      memory && config.watch.catch_marker
        ? { marker: config.watch.prompt_marker, mode: isShell(agent) ? 'shell' : 'tui', everywhere: isAiCli(agent) }
        : undefined,
    onObserverFailure: (err) => opts.messages.warn(`recording failed (${errorMessage(err)}) and is off for this session; the CLI keeps running.`),
  });
  // The child is forked and this session's lock written: the housekeeping
  // runs while the CLI starts, not before it.
  if (memory) sweepLeftovers(paths, opts);
  const result = await running;

  clearTimeout(teamSync);
  // The child is gone; what follows must not lose its status. The echo
  // helper's pipes are unref'd, so hold the loop open until we are done,
  // and set the exit code now in case anything exits early.
  process.exitCode = result.status;
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    await recording?.finish();
  } catch (err) {
    opts.messages.warn(`could not finish the session log (${errorMessage(err)}); it is processed at the next start.`);
  }
  injection?.cleanup();
  // After the CLI, not before it: the distill of a recorded session warms the block itself.
  if (injection?.rewarm && !recording?.recorded) warmLater(paths.projectDataDir, opts.cwd, opts.env);
  if (recording?.recorded) {
    // A CLI ended by a signal (Ctrl-C) leaves the cursor after its "^C": the line starts on a line of its own.
    if (result.status > 128 && config.watch.status_lines && opts.statusLines) process.stderr.write('\n');
    status(exitLine(paths.userDataDir));
  }
  clearInterval(keepAlive);
  return result.status;
}

/**
 * Leftovers of a wrapper killed with kill -9 (its lock, its handover file)
 * are removed, and logs such a wrapper left behind are processed in the
 * background, never on the way to the user's prompt. A live session's lock,
 * this one's included, keeps its log out of that.
 */
function sweepLeftovers(paths: Paths, opts: RunOptions): void {
  sweepStaleLocks(paths.sessionsDir);
  sweepHandovers(paths.userDataDir);
  if (unprocessedLogs(paths.sessionsDir).length > 0) spawnDetached(['distill', '--pending'], opts.cwd, opts.env);
}
