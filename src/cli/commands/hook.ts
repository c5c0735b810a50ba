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
        const got = spoolHook(event, o.for, cli.env, cli.cwd);
        if (!got) return;
        const { cwd } = got;
        if (event === 'SessionStart') {
          // The launch path's block: the cached one when nothing it depends
          // on changed (no SQLite then), else built, heat paid, cache renewed.
          const { loadConfig } = await import('../../config/index.js');
          const { prepareInjection } = await import('../../session/launch.js');
          const { hookBlock } = await import('../../setup/hook-block.js');
          const loaded = loadConfig({ cwd, env: cli.env });
          const injection = await prepareInjection({ agent: o.for, args: [], cwd, loaded });
          injection.cleanup();
          if (injection.rewarm) (await import('../../background/warm.js')).warmLater(loaded.paths.projectDataDir, cwd, cli.env);
          if (injection.block.text) {
            cli.print(JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: hookBlock(injection.block.text, o.for, cwd, cli.env) } }));
          }
        }
      } catch {
        // Never fail the CLI: the next claude-mem command does the upkeep.
      }
    });
}
