import type { Command } from 'commander';
import { userDataDir } from '../../config/paths.js';
import { errorMessage } from '../../errors.js';
import type { CliEnv } from '../env.js';

/**
 * Takes claude-mem out of every CLI it was set up in (hooks, MCP server,
 * Gemini extension), so nothing points at a program about to be removed,
 * then says what is left for the user to remove: the package and the data.
 * The data is never deleted here: memories are the user's to keep.
 */
export function registerUninstall(program: Command, cli: CliEnv): void {
  program
    .command('uninstall')
    .description('before "npm uninstall -g claude-mem": remove its hooks and MCP server from Claude Code, Codex and Gemini CLI (setup --uninstall for each); your memories stay')
    .action(async () => {
      const steps = [
        ['Claude Code', async () => (await import('../../setup/claude.js')).setupClaude(cli.env, true)],
        ['Codex', async () => (await import('../../setup/codex.js')).setupCodex(cli.env, true)],
        ['Gemini CLI', async () => (await import('../../setup/gemini.js')).setupGemini(cli.env, true)],
      ] as const;
      let failed = 0;
      for (const [name, step] of steps) {
        try {
          const r = await step();
          for (const line of r.lines) cli.print(`${name}: ${line}`);
        } catch (err) {
          failed++;
          cli.messages.warn(`${name}: ${errorMessage(err)}`);
        }
      }
      cli.print('');
      cli.print('Left for you:');
      cli.print('  npm uninstall -g claude-mem      # the command itself');
      cli.print('  remove any alias such as alias claude="claude-mem run claude" from your shell profile');
      cli.print(`  your memories stay in ${userDataDir(cli.env)} and each project's .claude-mem/; delete those folders to wipe them`);
      if (failed) cli.setExitCode(1);
    });
}
