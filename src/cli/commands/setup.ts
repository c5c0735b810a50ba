import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { CliEnv } from '../env.js';

const CLIS = ['claude', 'codex', 'gemini'] as const;

export function registerSetup(program: Command, cli: CliEnv): void {
  program
    .command('setup')
    .description("install claude-mem's hooks (and its MCP server) into a CLI's own user settings, for using it without `claude-mem run`")
    .argument('<cli>', 'claude, codex or gemini')
    .option('--uninstall', 'take them out again (restores each file byte for byte when it is as setup left it)')
    .action(async (name: string, o: { uninstall?: boolean }) => {
      if (!(CLIS as readonly string[]).includes(name)) throw new UsageError(`unknown CLI "${name.slice(0, 20)}": setup knows claude, codex and gemini`);
      const uninstall = o.uninstall ?? false;
      const result =
        name === 'claude'
          ? (await import('../../setup/claude.js')).setupClaude(cli.env, uninstall)
          : name === 'codex'
            ? (await import('../../setup/codex.js')).setupCodex(cli.env, uninstall)
            : (await import('../../setup/gemini.js')).setupGemini(cli.env, uninstall);
      for (const line of result.lines) cli.print(line);
    });
}
