import type { Command } from 'commander';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CliEnv } from '../env.js';
import { loadFor } from '../env.js';

/** Hook input beyond this is not read: a hook must never stall its CLI. */
const MAX_INPUT_BYTES = 1024 * 1024;

function readStdin(): Promise<string> {
  return new Promise((resolve) => {
    if (process.stdin.isTTY) return resolve('');
    let size = 0;
    const chunks: Buffer[] = [];
    process.stdin.on('data', (d: Buffer) => {
      size += d.length;
      if (size <= MAX_INPUT_BYTES) chunks.push(d);
    });
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', () => resolve(''));
  });
}

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
        if (cli.env['CLAUDE_MEM_SESSION_ID']) return;
        const raw = await readStdin();
        let input: Record<string, unknown> = {};
        try {
          input = JSON.parse(raw || '{}') as Record<string, unknown>;
        } catch {
          // Not JSON: still spooled as text below.
        }
        const cwd = typeof input['cwd'] === 'string' ? input['cwd'] : cli.cwd;
        const loaded = loadFor(cli, undefined, false);
        const spoolDir = join(loaded.paths.userDataDir, 'hooks');
        mkdirSync(spoolDir, { recursive: true, mode: 0o700 });
        const session = typeof input['session_id'] === 'string' && /^[\w-]+$/.test(input['session_id']) ? input['session_id'] : 'unknown';
        appendFileSync(join(spoolDir, `${o.for}-${session}.jsonl`), `${JSON.stringify({ at: Date.now(), event, input: raw.length <= MAX_INPUT_BYTES ? input : {} })}\n`, { mode: 0o600, flag: 'a' });
        if (event === 'SessionStart') {
          const { openMemory } = await import('../../memory/index.js');
          const memory = await openMemory({ cwd, env: cli.env, recover: false, create: false });
          try {
            const block = await memory.context({ cwd });
            if (block.text) {
              memory.paidHeat(block);
              cli.print(JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: block.text.slice(0, 10_000) } }));
            }
          } finally {
            memory.close();
          }
        }
        if (event === 'SessionEnd' && o.for === 'claude') {
          const { spawnDetached } = await import('../../memory/background.js');
          spawnDetached(['import', '--from', 'claude', '--dir', cwd], cwd, cli.env);
        }
      } catch {
        // Never fail the CLI: the next claude-mem command does the upkeep.
      }
    });
}
