import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { spawn } from 'node:child_process';
import { FatalError } from '../../errors.js';
import { loadFor, type CliEnv } from '../env.js';

function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new InvalidArgumentError(`--port takes 1–65535 (got "${v.slice(0, 20)}")`);
  return n;
}

/** The desktop's own opener; a machine without one just shows the URL. */
function openBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(cmd, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener: the URL is printed.
  }
}

export function registerUi(program: Command, cli: CliEnv): void {
  program
    .command('ui')
    .description('a local web viewer: search, a memory and the session moment it came from, edit, forget, change type, review, status')
    .option('--port <n>', 'listen on this port (default: a free one)', parsePort)
    .option('--no-open', 'print the URL without opening a browser')
    .action(async (o: { port?: number; open: boolean }) => {
      const loaded = loadFor(cli);
      const { openMemory } = await import('../../memory/open.js');
      const { startUi } = await import('../../ui/server.js');
      const memory = await openMemory({ cwd: cli.cwd, env: cli.env, loaded, notices: cli.messages });
      let server;
      try {
        server = await startUi(memory, { port: o.port, onError: (err) => cli.messages.warn(`viewer: ${err instanceof Error ? err.message : String(err)}`) });
      } catch (err) {
        memory.close();
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE') throw new FatalError(`port ${o.port ?? ''} is in use: pick another with --port, or leave --port out for a free one.`);
        throw err;
      }
      // stdout: the URL alone, so a script can read it.
      cli.print(server.url);
      cli.messages.info('serving on 127.0.0.1 only; the token in the URL is asked on every request. Ctrl-C stops it.');
      if (o.open) openBrowser(server.url);
      await new Promise<void>((resolve) => {
        const stop = (): void => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        process.once('SIGHUP', stop);
      });
      await server.close();
      memory.close();
    });
}
