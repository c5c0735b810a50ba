/**
 * `claude-mem import --markdown DIR`: reads an edited export back (I/O
 * around the pure plan in export/markdown-import.ts) and applies it through
 * the library: edit, archive, remember. The manifest is renewed for every
 * step applied, so a second import with no further edits does nothing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from '../fs-private.js';
import { MANIFEST, manifestEntry, planImport, readNote, type Manifest, type Note } from '../export/markdown-import.js';
import { INDEX_NOTE } from '../export/markdown.js';
import { withCliMemory, type CliEnv } from './env.js';
import { ConfigError } from '../errors.js';

function notesIn(dir: string): Note[] {
  const out: Note[] = [];
  for (const folder of readdirSync(dir)) {
    const sub = join(dir, folder);
    if (folder.startsWith('.') || !statSync(sub).isDirectory()) continue;
    for (const f of readdirSync(sub)) {
      if (!f.endsWith('.md') || f === INDEX_NOTE) continue;
      const note = readNote(`${folder}/${f}`, readFileSync(join(sub, f), 'utf8'));
      if (note) out.push(note);
    }
  }
  return out;
}

function readManifest(dir: string): Manifest {
  const path = join(dir, MANIFEST);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    throw new ConfigError(`${path} is missing or broken: import --markdown reads back a folder written by "claude-mem export --markdown"; export again, then edit.`);
  }
}

export async function importMarkdown(cli: CliEnv, dir: string): Promise<void> {
  const manifest = readManifest(dir);
  const notes = notesIn(dir);
  const lines = await withCliMemory(cli, async (m) => {
    const memories = new Map(m.list({ includeArchived: true }).map((x) => [x.id, x]));
    const steps = planImport(notes, manifest, memories);
    const done = { updated: 0, archived: 0, added: 0 };
    const out: string[] = [];
    for (const s of steps) {
      if (s.kind === 'conflict') {
        out.push(`conflict: ${s.path} ([${s.id}]): ${s.why}; left as it is (export again to start from the store)`);
        continue;
      }
      if (s.kind === 'archive') {
        if (m.archive(s.id)) done.archived++;
        delete manifest[s.path];
        continue;
      }
      const r = s.kind === 'update' ? await m.edit(s.id, s.text) : (await m.remember(s.text, { type: s.type })).result;
      if (!r) continue;
      if (r.action === 'updated' || r.action === 'inserted') done[s.kind === 'update' ? 'updated' : 'added']++;
      else out.push(`${s.path}: not applied (${r.action}${'reason' in r && r.reason ? `: ${r.reason}` : ''}${r.id ? `, see [${r.id}]` : ''})`);
      const now = r.id ? m.get(r.id) : undefined;
      if (now) manifest[s.path] = manifestEntry(now, s.text);
    }
    out.push(`${done.updated} updated, ${done.archived} archived, ${done.added} added from ${dir}`);
    return out;
  });
  writePrivateFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const l of lines) cli.print(l);
}
