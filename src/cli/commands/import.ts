import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { CliEnv } from '../env.js';

const SOURCES = ['claude', 'codex', 'gemini'] as const;

function parseSince(v: string): number {
  const ms = Date.parse(v);
  if (!/^\d{4}-\d{2}-\d{2}/.test(v) || !Number.isFinite(ms)) throw new UsageError(`"${v.slice(0, 20)}" is not a date; use YYYY-MM-DD`);
  return ms;
}

export function registerImport(program: Command, cli: CliEnv): void {
  program
    .command('import')
    .description("backfill memory from the transcripts the CLIs already keep on disk (Claude Code's and its memory notes, Codex's rollouts, Gemini CLI's chats); safe to run again")
    .option('--from <cli>', 'claude, codex, gemini or all', 'all')
    .option('--since <date>', 'only turns on or after this date (YYYY-MM-DD)', parseSince)
    .option('--dir <dir>', 'only sessions that ran in this directory or below')
    .option('--except <file>', 'leave this transcript alone (a session still running)')
    .option('--markdown <dir>', 'instead: bring back the edits made to a folder written by export --markdown')
    .action(async (o: { from: string; since?: number; dir?: string; except?: string; markdown?: string }) => {
      if (o.markdown !== undefined) {
        const { importMarkdown } = await import('../markdown-import-run.js');
        await importMarkdown(cli, resolve(cli.cwd, o.markdown));
        return;
      }
      if (o.from !== 'all' && !(SOURCES as readonly string[]).includes(o.from)) {
        throw new UsageError(`--from must be claude, codex, gemini or all (got "${o.from.slice(0, 20)}")`);
      }
      if (o.dir !== undefined && !existsSync(resolve(cli.cwd, o.dir))) {
        throw new UsageError(`--dir ${o.dir}: no such folder. --dir takes the folder the sessions ran in, or one above it.`);
      }
      const from = o.from === 'all' ? [...SOURCES] : [o.from as (typeof SOURCES)[number]];
      const { importTranscripts } = await import('../../background/import.js');
      const bar = (done: number, total: number): void => {
        if (!cli.stderrIsTerminal || total === 0) return;
        const width = 30;
        const filled = Math.round((done / total) * width);
        process.stderr.write(`\rimporting [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} files`);
        if (done === total) process.stderr.write('\n');
      };
      const r = await importTranscripts({ from, since: o.since, dir: o.dir ? resolve(cli.cwd, o.dir) : undefined, except: o.except ? resolve(cli.cwd, o.except) : undefined, env: cli.env, notices: cli.messages, progress: bar, sets: cli.sets() });
      for (const line of r.lines) cli.messages.info(line);
      cli.messages.info(
        `imported ${r.files} file${r.files === 1 ? '' : 's'} (${r.skippedUnchanged} unchanged since the last import), ${r.written} memories written or updated${r.passages ? `, ${r.passages} passages of what was said indexed` : ''}${r.projects.length ? ` in ${r.projects.join(', ')}` : ''}`,
      );
    });
}
