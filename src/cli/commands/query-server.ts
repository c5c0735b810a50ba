import type { Command } from 'commander';
import { UsageError } from '../../errors.js';

/** A query server with no query for this long exits; the next query starts one again. */
export const QUERY_SERVER_IDLE_SECONDS = 300;

/**
 * `claude-mem query-server`: started by `query` itself (query-server/spawn.ts),
 * not by users, so it is left out of --help and the README's command table.
 */
export function registerQueryServer(program: Command): void {
  program
    .command('query-server', { hidden: true })
    .description('answer `claude-mem query` with the memories kept open (started by query itself)')
    .requiredOption('--socket <path>', 'the Unix socket to listen on')
    .option('--idle <seconds>', 'exit after this long without a query', String(QUERY_SERVER_IDLE_SECONDS))
    .action(async (o: { socket: string; idle: string }) => {
      const idle = Number(o.idle);
      if (!Number.isFinite(idle) || idle <= 0) throw new UsageError(`--idle ${o.idle}: expected a number of seconds above 0.`);
      const { serveQueries } = await import('../../query-server/server.js');
      await serveQueries({ socket: o.socket, idleMs: idle * 1000 });
    });
}
