import { createServer, connect, type Server, type Socket } from 'node:net';
import { statSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir } from '../fs-private.js';
import { envFingerprint } from './address.js';
import { MAX_REQUEST_BYTES, parseRequest, type QueryAnswer, type QueryRequest } from './protocol.js';
import { KeptMemories } from './kept-memories.js';
import { keepMemoriesOpen, type CliEnv } from '../cli/env.js';
import { createMessages } from '../cli/messages.js';
import { commandWord } from '../cli/command-word.js';
import { reportFailure } from '../cli/failure.js';
import { exitCodes } from '../errors.js';
import { markInsideQueryServer } from './spawn.js';

/** How often the server checks that its socket is still there (a removed data folder ends it). */
const CHECK_MS = 5000;

export interface ServeOptions {
  socket: string;
  /** Exit after this long without a query. */
  idleMs: number;
}

/** Is a server already answering at `path`? */
function answering(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(path);
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

function listen(server: Server, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(path, () => resolve(true));
  });
}

function removed(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false;
  }
}

const socketIdentity = (path: string): string | undefined => {
  const st = statSync(path, { throwIfNoEntry: false });
  return st ? `${st.dev}:${st.ino}` : undefined;
};

/**
 * Runs one query as the `claude-mem query` process would have, capturing
 * what it prints. Requests are answered one at a time: the process's exit
 * code and the kept memories are shared.
 */
async function answer(req: QueryRequest): Promise<QueryAnswer> {
  let stdout = '';
  let stderr = '';
  let quiet = false;
  let sets: () => string[] = () => [];
  const messages = createMessages({
    get quiet() {
      return quiet;
    },
    write: (s: string) => {
      stderr += s;
    },
  });
  let code = 0;
  const cli: CliEnv = {
    cwd: req.cwd,
    env: process.env,
    messages,
    print: (line) => {
      stdout += `${line}\n`;
    },
    sets: () => sets(),
    argv: req.argv,
    setExitCode: (c) => {
      code = c;
    },
    stderrIsTerminal: req.stderrIsTerminal,
  };
  const before = process.exitCode;
  process.exitCode = undefined;
  try {
    const { runProgram } = await import('../cli/program-run.js');
    await runProgram(cli, req.argv, {
      setQuiet: (q) => {
        quiet = q;
      },
      built: (program) => {
        sets = () => program.opts<{ set: string[] }>().set;
      },
    });
    code = typeof process.exitCode === 'number' && process.exitCode !== 0 ? process.exitCode : code;
  } catch (err) {
    const handled = reportFailure(err, messages);
    // A bug: said as the CLI's own process would say it (cli.ts), with its stack.
    if (handled === undefined) stderr += `claude-mem: internal error (please report): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`;
    code = handled ?? exitCodes.failure;
  } finally {
    process.exitCode = before;
  }
  return { served: true, stdout, stderr, code };
}

/**
 * `claude-mem query-server`: answers `claude-mem query` for one build and
 * one environment over a Unix socket, with the memories kept open; exits
 * after `idleMs` without a query, or when its socket is removed or replaced.
 */
export async function serveQueries(o: ServeOptions): Promise<void> {
  ensurePrivateDir(dirname(o.socket));
  const kept = new KeptMemories();
  keepMemoriesOpen(kept);
  markInsideQueryServer();
  const ownEnv = envFingerprint(process.env);
  let queue = Promise.resolve();
  let stop = (): void => undefined;
  const idle = setTimeout(() => stop(), o.idleMs);
  const server = createServer((socket: Socket) => {
    let got = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      got += chunk;
      if (got.length > MAX_REQUEST_BYTES) return void socket.destroy();
      const nl = got.indexOf('\n');
      if (nl < 0) return;
      socket.pause();
      const req = parseRequest(got.slice(0, nl));
      queue = queue.then(async () => {
        idle.refresh();
        const reply: QueryAnswer =
          req && req.env === ownEnv && commandWord(req.argv) === 'query' ? await answer(req) : { served: false, stdout: '', stderr: '', code: 0 };
        socket.end(`${JSON.stringify(reply)}\n`);
        idle.refresh();
      });
    });
  });
  if (!(await listen(server, o.socket))) {
    // Taken: by a live server (done), or a dead one's socket file (replace it).
    if ((await answering(o.socket)) || !removed(o.socket) || !(await listen(server, o.socket))) {
      clearTimeout(idle);
      return;
    }
  }
  const mine = socketIdentity(o.socket);
  await new Promise<void>((resolve) => {
    let stopped = false;
    stop = (): void => {
      if (stopped) return;
      stopped = true;
      clearTimeout(idle);
      clearInterval(check);
      server.close();
      if (socketIdentity(o.socket) === mine) removed(o.socket);
      void queue.finally(() => {
        kept.closeAll();
        resolve();
      });
    };
    const check = setInterval(() => {
      if (socketIdentity(o.socket) !== mine) stop();
    }, CHECK_MS);
    process.once('SIGTERM', stop);
  });
}
