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
    .option('--force', 'keep it even if it nearly repeats an existing memory, or looks like small talk')
    // Text may start with '-' (a PEM block, a list item): anything not ours is text.
    .allowUnknownOption()
    .action(async (words: string[], o: { type?: MemoryType; agent: string; force?: boolean }) => {
      const raw = words.length === 1 && words[0] === '-' ? await readStdinText() : words.join(' ');
      const text = checkMemoryText(raw);
      const { type, result, budget } = await withCliMemory(cli, async (m) => ({ ...(await m.remember(text, { type: o.type, agent: o.agent, force: o.force })), budget: m.config.inject.token_budget }));
      // A memory is kept whole and the block never cuts one: past the budget it is searchable, never handed over.
      if (text.length > LONG_CHARS && result.action === 'inserted') {
        const { loadTokenCounter } = await import('../../inject/tokens.js');
        const tokens = (await loadTokenCounter())(text);
        if (tokens > budget) cli.messages.warn(`this memory is ${tokens} tokens, more than the whole block holds (inject.token_budget ${budget}): query and MCP find it, but no CLI is handed it at launch. Remember a short statement of it, or where it lives.`);
      }
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
                ? 'not stored: that says too little to be a memory a later session could use. Say what to remember, e.g. claude-mem remember "tests run with pnpm test" (or keep it anyway with --force)'
                : result.reason === 'secret'
                  ? 'not stored: nothing was left once the secret in it was redacted. Remember where the secret lives (e.g. "the deploy key is in 1Password, vault ops"), never the secret.'
                  : `not stored: it looks like ${result.reason === 'trivia' ? 'small talk' : 'noise (an exit code, a usage line or a counter)'}. Keep it anyway with: claude-mem remember --force …`,
          );
      }
    });
}

/** Below this many characters no text can pass the block's budget (a token is at least a character or so): not worth counting. */
const LONG_CHARS = 1000;

const ids = (xs: string[]): string => xs.map((x) => `[${x}]`).join(', ');
