import type { Command } from 'commander';
import { FatalError } from '../../errors.js';
import type { MemoryType } from '../../text/index.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { checkMemoryText, readStdinText } from '../text-input.js';
import { typeOption } from './query.js';

export function registerRemember(program: Command, cli: CliEnv): void {
  program
    .command('remember')
    .description('add a memory by hand ("-" reads the text from stdin)')
    .argument('<text...>', 'the memory, kept whole')
    .addOption(typeOption())
    .option('--agent <name>', 'tag it with this agent', 'user')
    .option('--force', 'keep it even if it nearly repeats an existing memory')
    // Text may start with '-' (a PEM block, a list item): anything not ours is text.
    .allowUnknownOption()
    .action(async (words: string[], o: { type?: MemoryType; agent: string; force?: boolean }) => {
      const raw = words.length === 1 && words[0] === '-' ? await readStdinText() : words.join(' ');
      const text = checkMemoryText(raw);
      const { type, result } = await withCliMemory(cli, (m) => m.remember(text, { type: o.type, agent: o.agent, force: o.force }));
      switch (result.action) {
        case 'inserted':
          cli.print(`remembered [${result.id}] [${type}]${result.supersedes?.length ? `; it replaces ${ids(result.supersedes)}, kept as history and no longer handed to CLIs` : ''}${result.kept?.length ? `; what that said of other things stays current as ${ids(result.kept)}` : ''}`);
          break;
        case 'updated':
          cli.print(`updated [${result.id}]: it said nearly the same (similarity ${result.similarity?.toFixed(2)})`);
          break;
        case 'merged':
          cli.print(`added to [${result.id}] as a supplement (similarity ${result.similarity?.toFixed(2)})`);
          break;
        case 'duplicate':
          cli.print(result.confirms ? `a refused change: [${result.confirms}] stays the current value (nothing new stored)` : `already remembered as [${result.id}]`);
          break;
        case 'filtered':
          throw new FatalError(
            result.reason === 'repeat' || result.reason === 'overlap'
              ? `not stored: it nearly repeats [${result.id}] (similarity ${result.similarity?.toFixed(2)}). Keep both with: claude-mem remember --force …; or replace it: claude-mem forget ${result.id}, then remember again.`
              : result.reason === 'short'
                ? 'not stored: that says too little to be a memory a later session could use. Say what to remember, e.g. claude-mem remember "tests run with pnpm test"'
                : result.reason === 'secret'
                  ? 'not stored: nothing was left once the secret in it was redacted. Remember where the secret lives (e.g. "the deploy key is in 1Password, vault ops"), never the secret.'
                  : `not stored: it looks like ${result.reason === 'trivia' ? 'small talk' : 'noise (an exit code, a usage line or a counter)'}.`,
          );
      }
    });
}

const ids = (xs: string[]): string => xs.map((x) => `[${x}]`).join(', ');
