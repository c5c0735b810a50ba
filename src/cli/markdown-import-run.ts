/**
 * `claude-mem import --markdown DIR`: reads an edited export back (I/O
 * around the pure plan in export/markdown-import.ts) and applies it through
 * the library: edit, archive, remember. The manifest is renewed for every
 * step applied, so a second import with no further edits does nothing.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { findProjectRoot, userDataDir } from '../config/paths.js';
import { PROJECT_CONFIG_FILE, trustState } from '../config/index.js';
import { readConfigText } from '../config/load.js';
import { basename, join } from 'node:path';
import { writePrivateFile } from '../fs-private.js';
import { MANIFEST, manifestEntry, planImport, readNote, type Manifest, type Note } from '../export/markdown-import.js';
import { INDEX_NOTE } from '../export/markdown.js';
import { loadFor, withCliMemory, type CliEnv } from './env.js';
import { ConfigError, UsageError } from '../errors.js';

/**
 * What a path is, without following a link: a vault may have come with a
 * repository, and a committed `r/env.md -> /proc/self/environ` (or a link to
 * ~/.ssh/config, or to another project's notes) would turn that file into a
 * memory handed to the agent in that repository. Only regular files and
 * folders inside the vault are read.
 */
function kindOf(path: string): 'file' | 'dir' | string {
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return 'a symlink (never followed out of the folder)';
    return st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'not a regular file';
  } catch (err) {
    return `unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
}

function notesIn(dir: string): { notes: Note[]; skipped: string[] } {
  const notes: Note[] = [];
  const skipped: string[] = [];
  for (const folder of readdirSync(dir)) {
    const sub = join(dir, folder);
    if (folder.startsWith('.')) continue;
    const folderKind = kindOf(sub);
    if (folderKind !== 'dir') {
      if (folderKind !== 'file') skipped.push(`${folder}: skipped, ${folderKind}`);
      continue;
    }
    for (const f of readdirSync(sub)) {
      if (!f.endsWith('.md') || f === INDEX_NOTE) continue;
      const path = `${folder}/${f}`;
      const kind = kindOf(join(sub, f));
      if (kind !== 'file') {
        skipped.push(`${path}: skipped, ${kind === 'dir' ? 'a folder' : kind}`);
        continue;
      }
      const note = readNote(path, readFileSync(join(sub, f), 'utf8'));
      if (note) notes.push(note);
    }
  }
  return { notes, skipped };
}

/** The manifest with this id's entry under `path` only (a renamed note moves it). */
function setEntry(manifest: Manifest, path: string, entry: Manifest[string]): void {
  for (const [p, e] of Object.entries(manifest)) if (e.id === entry.id && p !== path) delete manifest[p];
  manifest[path] = entry;
}

function readManifest(dir: string): Manifest {
  const path = join(dir, MANIFEST);
  // No manifest at all: this is not a folder export wrote (a usage mistake), not a damaged one.
  if (!existsSync(path)) throw new UsageError(`no export here: ${dir} has no ${MANIFEST}. import --markdown reads back a folder written by "claude-mem export --markdown ${dir}"; export first, then edit the notes.`);
  if (kindOf(path) !== 'file') throw new ConfigError(`${path} is not a regular file (${kindOf(path)}): import --markdown reads back a folder written by "claude-mem export --markdown"; export again, then edit.`);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    throw new ConfigError(`${path} is missing or broken: import --markdown reads back a folder written by "claude-mem export --markdown"; export again, then edit.`);
  }
}

/**
 * Notes inside a repository the user has not trusted may have come with a
 * clone: they can add project memories, never global ones (which every
 * project's CLI would be handed).
 */
function fromUntrustedRepo(dir: string, env: NodeJS.ProcessEnv): string | undefined {
  const root = findProjectRoot(dir);
  if (!existsSync(join(root, '.git')) && !existsSync(join(root, PROJECT_CONFIG_FILE))) return undefined;
  return trustState(userDataDir(env), root, readConfigText(join(root, PROJECT_CONFIG_FILE))) === 'trusted' ? undefined : root;
}

export async function importMarkdown(cli: CliEnv, dir: string): Promise<void> {
  const whole = readManifest(dir);
  // A vault may hold several projects' notes (their ids repeat): this project's folder and the globals only.
  const project = basename(loadFor(cli, undefined, false).paths.projectRoot) || 'project';
  const folderOf = (path: string): string => path.split('/')[0] ?? '';
  const theirs = new Set(Object.keys(whole).map(folderOf).filter((f) => f !== project && f !== 'global'));
  const ours = (path: string): boolean => !theirs.has(folderOf(path));
  const manifest: Manifest = Object.fromEntries(Object.entries(whole).filter(([path]) => ours(path)));
  const { notes: all, skipped } = notesIn(dir);
  const read = all.filter((n) => ours(n.path));
  const repo = fromUntrustedRepo(dir, cli.env);
  const demoted = repo ? read.filter((n) => n.type === 'global' && n.id === undefined && !manifest[n.path]) : [];
  const notes = read.map((n) => (demoted.includes(n) ? { ...n, type: 'project' as const } : n));
  if (demoted.length) skipped.push(`${demoted.length} new note${demoted.length === 1 ? '' : 's'} asking to be global added as project memories: ${repo} is not trusted ("claude-mem trust" there to allow it)`);
  const lines = await withCliMemory(cli, async (m) => {
    const memories = new Map(m.list({ includeArchived: true }).map((x) => [x.id, x]));
    const steps = planImport(notes, manifest, memories);
    const done = { updated: 0, archived: 0, added: 0 };
    const out: string[] = [...skipped];
    for (const s of steps) {
      if (s.kind === 'skip') {
        out.push(`${s.path}: skipped, ${s.why}`);
        continue;
      }
      if (s.kind === 'conflict') {
        out.push(`conflict: ${s.path} ([${s.id}]): ${s.why}; left as it is (export again to start from the store)`);
        continue;
      }
      if (s.kind === 'archive') {
        if (m.archive(s.id)) done.archived++;
        for (const [p, e] of Object.entries(manifest)) if (e.id === s.id) delete manifest[p];
        continue;
      }
      const r = s.kind === 'update' ? await m.edit(s.id, s.text) : (await m.remember(s.text, { type: s.type })).result;
      if (!r) continue;
      if (r.action === 'updated' || r.action === 'inserted') done[s.kind === 'update' ? 'updated' : 'added']++;
      else out.push(`${s.path}: not applied (${r.action}${'reason' in r && r.reason ? `: ${r.reason}` : ''}${r.id ? `, see [${r.id}]` : ''})`);
      const now = r.id ? m.get(r.id) : undefined;
      if (now) setEntry(manifest, s.path, manifestEntry(now, s.text));
    }
    out.push(`${done.updated} updated, ${done.archived} archived, ${done.added} added from ${dir}`);
    return out;
  });
  const others = Object.fromEntries(Object.entries(whole).filter(([path]) => !ours(path)));
  writePrivateFile(join(dir, MANIFEST), `${JSON.stringify({ ...others, ...manifest }, null, 2)}\n`);
  for (const l of lines) cli.print(l);
  // A conflict left both sides as they were: a script must see that it did not all apply.
  if (lines.some((l) => l.startsWith('conflict: '))) cli.setExitCode(1);
}
