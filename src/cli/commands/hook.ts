import type { Command } from 'commander';
import type { CliEnv } from '../env.js';

/**
 * `claude-mem hook <event>`: the one endpoint a CLI's hooks call. It reads
 * the CLI's JSON on stdin, appends it to a spool in the data folder, and
 * always exits 0: a hook never fails or blocks the CLI. SessionStart prints
 * the memory block as additionalContext; SessionEnd queues the session's
 * transcript for import in the background. Inside `claude-mem run` it does
 * nothing: run already hands memory over and records, so nothing happens twice.
 */
export function registerHook(program: Command, cli: CliEnv): void {
  program
    .command('hook')
    .description('endpoint for CLI hooks (setup installs them): reads the event JSON on stdin, never fails the CLI')
    .argument('<event>', 'SessionStart, SessionEnd, UserPromptSubmit, PostToolUse, …')
    .option('--for <cli>', 'the CLI whose hook this is', 'claude')
    .action(async (event: string, o: { for: string }) => {
      try {
        // Other events usually take main.ts's light path; this is the same spool.
        const { spoolHook } = await import('../hook-spool.js');
        const got = await spoolHook(event, o.for, cli.env, cli.cwd);
        if (!got) return;
        const { cwd } = got;
        if (event === 'SessionStart') {
          const { openMemory } = await import('../../memory/index.js');
          const { hookBlock } = await import('../../setup/hook-block.js');
          const memory = await openMemory({ cwd, env: cli.env, recover: false, create: false });
          try {
            const block = await memory.context({ cwd });
            if (block.text) {
              memory.paidHeat(block);
              cli.print(JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: hookBlock(block.text, o.for, cwd, cli.env) } }));
            }
          } finally {
            memory.close();
          }
        }
      } catch {
        // Never fail the CLI: the next claude-mem command does the upkeep.
      }
    });
}
