import type { Command } from 'commander';
import { loadFor, type CliEnv } from '../env.js';
import type { DirectoryMemory } from '../../memory/index.js';
import { teamConfigured } from '../../config/index.js';

export function registerMcp(program: Command, cli: CliEnv, version: string): void {
  program
    .command('mcp')
    .description('serve memory to an AI CLI over MCP on stdin/stdout: search, timeline, get, remember (run registers it for you)')
    .option('--agent <name>', 'the CLI asking, recorded on what it remembers', 'mcp')
    .action(async (o: { agent: string }) => {
      const loaded = loadFor(cli);
      const { serveStdio } = await import('../../mcp/server.js');
      let opened: Promise<DirectoryMemory> | undefined;
      // Logs left by a crash are not processed here: the server answers at once.
      const memory = (): Promise<DirectoryMemory> =>
        (opened ??= Promise.all([import('../../memory/open.js'), import('../../background/jobs.js')]).then(async ([{ openMemory }, jobs]) => {
          const mem = await openMemory({ cwd: cli.cwd, env: cli.env, loaded, notices: cli.messages });
          // The server searches its stores for a long time: give a large one its approximate index.
          jobs.startVectorIndexBuild(mem);
          // The team's newest memories, pulled beside the server: it answers from the replica at once.
          if (teamConfigured(mem.config)) (await import('../../background/spawn.js')).spawnDetached(['sync'], mem.cwd, mem.env, { heapCap: false });
          return mem;
        }));
      try {
        await serveStdio(memory, { agent: o.agent, allowForget: loaded.config.mcp.allow_forget, version });
      } finally {
        if (opened) (await opened.catch(() => undefined))?.close();
      }
    });
}
