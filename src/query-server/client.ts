import { connect } from 'node:net';
import { buildId, envFingerprint, socketFor } from './address.js';
import { parseAnswer, type QueryAnswer } from './protocol.js';

/**
 * The running query server's answer, or undefined: no server for this build
 * and environment, or it refused, failed or took too long. The caller then
 * runs the query itself, so a server can only ever make a query faster.
 */
export function askQueryServer(argv: string[], cwd: string, env: NodeJS.ProcessEnv, entry: string | undefined, timeoutMs = 10_000): Promise<QueryAnswer | undefined> {
  const path = socketFor(env, buildId(entry));
  if (!path) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let settled = false;
    let got = '';
    const done = (a: QueryAnswer | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(a?.served ? a : undefined);
    };
    const socket = connect(path);
    const timer = setTimeout(() => done(undefined), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('error', () => done(undefined));
    socket.on('data', (chunk: string) => {
      got += chunk;
      const nl = got.indexOf('\n');
      if (nl >= 0) done(parseAnswer(got.slice(0, nl)));
    });
    socket.on('end', () => done(undefined));
    socket.on('connect', () => {
      socket.write(`${JSON.stringify({ argv, cwd, env: envFingerprint(env), stderrIsTerminal: Boolean(process.stderr.isTTY) })}\n`);
    });
  });
}
