import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { CliEnv } from '../env.js';

export function registerSetup(program: Command, cli: CliEnv): void {
  program
    .command('setup')
    .description("install claude-mem's hooks into a CLI's own user settings, for using it without `claude-mem run` (claude for now)")
    .argument('<cli>', 'claude (codex and gemini: not yet)')
    .option('--uninstall', 'take them out again (restores the file byte for byte when it is as setup left it)')
    .action(async (name: string, o: { uninstall?: boolean }) => {
      if (name === 'codex' || name === 'gemini') {
        cli.messages.info(`setup ${name} is not built yet: use "claude-mem run ${name}", which hands memory over and records the session`);
        return;
      }
      if (name !== 'claude') throw new InvalidArgumentError(`unknown CLI "${name.slice(0, 20)}": setup knows claude`);
      const { setupClaude } = await import('../../setup/claude.js');
      for (const line of setupClaude(cli.env, o.uninstall ?? false).lines) cli.print(line);
    });
}
