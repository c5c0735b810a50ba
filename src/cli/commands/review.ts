import type { Command } from 'commander';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import type { DirectoryMemory } from '../../memory/index.js';
import type { Memory } from '../../store/index.js';
import type { MemoryType } from '../../text/index.js';
import { withCliMemory, type CliEnv } from '../env.js';
import { cooked, readKey, withRawKeys } from '../keys.js';
import { memoryJson, oneLine, sourceLine, when } from '../show.js';

const TYPE_KEYS: Record<string, MemoryType> = { g: 'global', p: 'project', f: 'fact' };

interface Tally {
  accepted: number;
  edited: number;
  deleted: number;
  retyped: number;
  skipped: number;
}

export function registerReview(program: Command, cli: CliEnv): void {
  program
    .command('review')
    .description('walk through the memories added since your last review: accept, edit, delete, change type, skip')
    .option('--json', 'list the pending ones as JSON and exit (for scripts)')
    .option('--accept [id...]', 'accept these memories without a terminal (for scripts)')
    .option('--all', 'with --accept: accept every pending memory (claude-mem review --accept --all)')
    .action(async (o: { json?: boolean; accept?: string[] | true; all?: boolean }) => {
      if (o.json) {
        const pending = await withCliMemory(cli, (m) => m.pendingReview(), { create: false });
        cli.print(JSON.stringify(pending.map(memoryJson), null, 2));
        return;
      }
      if (o.accept !== undefined || o.all) {
        const ids = Array.isArray(o.accept) ? o.accept : [];
        if (o.all && ids.length) throw new UsageError('--accept takes ids or --all, not both. Example: claude-mem review --accept 12 g3, or claude-mem review --accept --all');
        if (!o.all && ids.length === 0) throw new UsageError('--accept needs ids (claude-mem review --json lists them) or --all.');
        const { accepted, unknown } = await withCliMemory(cli, (m) => acceptMany(m, o.all ? m.pendingReview().map((x) => x.id) : ids));
        cli.print(`accepted ${accepted.length}${accepted.length ? ` (${accepted.join(', ')})` : ''}`);
        if (unknown.length) throw new UsageError(`no memory ${unknown.join(', ')}: "claude-mem review --json" lists the pending ones.`);
        return;
      }
      if (!process.stdin.isTTY) throw new UsageError('review asks for a key per memory and needs a terminal; "claude-mem review --json" lists the pending ones, "claude-mem review --accept <id…>" or "--accept --all" accepts them.');
      await withCliMemory(cli, (m) => withRawKeys(() => walk(m, cli)), { create: false });
    });
}

function acceptMany(m: DirectoryMemory, ids: string[]): { accepted: string[]; unknown: string[] } {
  const accepted: string[] = [];
  const unknown: string[] = [];
  for (const id of ids) (m.accept(id) ? accepted : unknown).push(id);
  return { accepted, unknown };
}

async function walk(m: DirectoryMemory, cli: CliEnv): Promise<void> {
  const queue = m.pendingReview();
  if (queue.length === 0) {
    cli.print('nothing to review: every memory has been reviewed.');
    return;
  }
  const tally: Tally = { accepted: 0, edited: 0, deleted: 0, retyped: 0, skipped: 0 };
  let i = 0;
  for (; i < queue.length; i++) {
    const mem = queue[i] as Memory;
    show(cli, mem, i, queue.length);
    const action = await decide(m, cli, mem, tally);
    if (action === 'quit') break;
  }
  const left = m.pendingReview().length;
  cli.print('');
  cli.print(`reviewed: ${tally.accepted} accepted, ${tally.edited} edited, ${tally.deleted} deleted, ${tally.retyped} retyped, ${tally.skipped} skipped; ${left} still pending${left ? ' (claude-mem review)' : ''}`);
}

function show(cli: CliEnv, mem: Memory, i: number, n: number): void {
  cli.print('');
  cli.print(`[${i + 1}/${n}] ${mem.type} · ${when(mem.createdAt)} · id ${mem.id}${mem.dir ? ` · ${mem.dir}` : ''}`);
  for (const line of mem.text.split('\n')) cli.print(`  ${line}`);
  if (mem.supplement) cli.print(`  + ${oneLine(mem.supplement.split('\n').at(-1) ?? '', 100)}`);
  cli.print(`  source: ${sourceLine(mem)}`);
  cli.print('  [a]ccept  [e]dit  [d]elete  [t]ype  [s]kip  [q]uit');
}

async function decide(m: DirectoryMemory, cli: CliEnv, mem: Memory, tally: Tally): Promise<'next' | 'quit'> {
  for (;;) {
    const key = await readKey();
    switch (key) {
      case 'a':
        m.accept(mem.id);
        tally.accepted++;
        cli.print(`  accepted ${mem.id}`);
        return 'next';
      case 's':
      case '\r':
      case '\n':
      case ' ':
        tally.skipped++;
        cli.print('  skipped (still pending)');
        return 'next';
      case 'q':
        return 'quit';
      case 'd': {
        cli.print('  delete it for good? [y/N]');
        if ((await readKey()) !== 'y') {
          cli.print('  kept; [a]ccept  [e]dit  [d]elete  [t]ype  [s]kip  [q]uit');
          continue;
        }
        m.forget(mem.id);
        tally.deleted++;
        cli.print(`  deleted ${mem.id}`);
        return 'next';
      }
      case 't': {
        cli.print(`  new type: [g]lobal (everywhere)  [p]roject (this directory)  [f]act (decays)  (now ${mem.type})`);
        const type = TYPE_KEYS[await readKey()];
        if (!type) {
          cli.print('  type unchanged; [a]ccept  [e]dit  [d]elete  [t]ype  [s]kip  [q]uit');
          continue;
        }
        const moved = await m.retype(mem.id, type);
        if (!moved) {
          cli.messages.warn(`could not change the type of ${mem.id}; it is left as it was.`);
          continue;
        }
        tally.retyped++;
        cli.print(`  now ${moved.type}${moved.id !== mem.id ? `, id ${moved.id}` : ''}`);
        return 'next';
      }
      case 'e': {
        const text = editInEditor(cli, mem.text);
        if (text === undefined) {
          cli.print('  no change; [a]ccept  [e]dit  [d]elete  [t]ype  [s]kip  [q]uit');
          continue;
        }
        const r = await m.edit(mem.id, text);
        if (r?.action === 'updated' || r?.action === 'inserted') {
          tally.edited++;
          // A teammate's memory stays theirs: the correction is the user's own, which supersedes it.
          cli.print(r.action === 'inserted' ? `  corrected as your own [${r.id ?? ''}]; ${mem.id} stays ${mem.agent.replace(/^team:/, '')}'s, as history` : `  edited ${mem.id}`);
          return 'next';
        }
        cli.messages.warn(r?.action === 'duplicate' ? `memory ${r.id ?? ''} already says exactly that; nothing changed.` : `that text was not kept (${r?.reason ?? 'empty'}); nothing changed.`);
        continue;
      }
      default:
        cli.print('  keys: a accept, e edit, d delete, t type, s skip, q quit');
    }
  }
}

/** The text after $VISUAL / $EDITOR (vi by default) had it; undefined when unchanged or emptied. */
function editInEditor(cli: CliEnv, text: string): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'claude-mem-edit-'));
  const file = join(dir, 'memory.md');
  try {
    writeFileSync(file, `${text}\n`, { mode: 0o600 });
    const editor = cli.env['VISUAL'] || cli.env['EDITOR'] || 'vi';
    // Through the shell: EDITOR may carry its own arguments ("code -w").
    const r = cooked(() => spawnSync(`${editor} "$CLAUDE_MEM_EDIT_FILE"`, { shell: true, stdio: 'inherit', env: { ...cli.env, CLAUDE_MEM_EDIT_FILE: file } }));
    if (r.status !== 0) {
      cli.messages.warn(`the editor (${editor}) exited with ${r.status ?? r.signal}; nothing changed.`);
      return undefined;
    }
    const edited = readFileSync(file, 'utf8').trim();
    return edited && edited !== text.trim() ? edited : undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
