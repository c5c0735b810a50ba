/**
 * `claude-mem import`: backfill memory from the transcripts CLIs already
 * keep on disk, so months of history count on day one. Each transcript goes
 * to the store of the project its cwd belongs to, through the same distiller,
 * filters, redaction and dedup as a wrapped session. Idempotent and
 * resumable: a state file in the user data folder keeps, per file, the size
 * and modification time already imported, and is saved after every file.
 * Claude Code's own memory notes are read too (never written). Sources:
 * Claude Code's transcripts, Codex's rollouts, Gemini CLI's chat files.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readBoundedText } from '../transcripts/bounded-read.js';
import { basename, dirname, join } from 'node:path';
import { writePrivateFile } from '../fs-private.js';
import { dropRepeats } from '../distill/index.js';
import { changesMemory } from '../store/apply-write.js';
import {
  claudeConfigDir,
  codexHome,
  codexRolloutFiles,
  geminiChatFiles,
  geminiDir,
  geminiProjects,
  listDir,
  parseTranscript,
} from '../transcripts/index.js';
import { transcriptCandidates } from './transcript-distill.js';
import { saidOf } from '../episodes/said.js';
import type { Said } from '../store/episodes.js';
import { parseClaudeNote } from '../transcripts/claude-notes.js';
import type { Candidate } from '../text/index.js';
import { openMemory } from '../memory/open.js';
import { unfitProject } from './import-target.js';
import { userDataDir } from '../config/paths.js';
import type { Notices } from '../memory/notices.js';

export type ImportSource = 'claude' | 'codex' | 'gemini';

export interface ImportOptions {
  from: ImportSource[];
  since?: number;
  /** Only transcripts whose cwd is this directory or below. */
  dir?: string;
  env: NodeJS.ProcessEnv;
  notices: Notices;
  /** A transcript to leave alone: the session still running (a hook's own). */
  except?: string;
  /** Called after each file: done, total. */
  progress?: (done: number, total: number) => void;
  /** --set overrides for this run: they apply to every project imported into, as the environment does. */
  sets?: string[];
}

export interface ImportReport {
  files: number;
  skippedUnchanged: number;
  written: number;
  projects: string[];
  /** Passages added to the episode index. */
  passages?: number;
  /** One line each: a folder not there, a source not supported yet. */
  lines: string[];
}

interface FileState {
  size: number;
  mtimeMs: number;
  /** Turns of a transcript already imported: a file that grew (a resumed session) is read on from there. */
  turns?: number;
}

const STATE_FILE = 'import-state.json';

function readState(path: string): Record<string, FileState> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, FileState>;
  } catch {
    return {};
  }
}

interface Work {
  path: string;
  size: number;
  mtimeMs: number;
  source: ImportSource;
  kind: 'transcript' | 'note';
  /** The project folder (slug) it sits in. */
  folder: string;
  /** The cwd the CLI's own index gives the folder (Gemini's projects.json), where the file may not say. */
  cwd?: string;
}

function work(path: string, source: ImportSource, kind: Work['kind'], folder: string, cwd?: string): Work[] {
  const st = statSync(path, { throwIfNoEntry: false });
  return st?.isFile() ? [{ path, size: st.size, mtimeMs: st.mtimeMs, source, kind, folder, ...(cwd ? { cwd } : {}) }] : [];
}

function claudeWork(projects: string): Work[] {
  const out: Work[] = [];
  for (const folder of listDir(projects).sort()) {
    const dir = join(projects, folder);
    for (const f of listDir(dir).sort()) if (f.endsWith('.jsonl')) out.push(...work(join(dir, f), 'claude', 'transcript', folder));
    for (const f of listDir(join(dir, 'memory')).sort()) {
      if (f.endsWith('.md') && f !== 'MEMORY.md') out.push(...work(join(dir, 'memory', f), 'claude', 'note', folder));
    }
  }
  return out;
}

function geminiWork(dir: string): Work[] {
  const cwdOf = geminiProjects(dir);
  return geminiChatFiles(dir).map((path) => {
    const folder = basename(dirname(dirname(path)));
    return work(path, 'gemini', 'transcript', `gemini:${folder}`, cwdOf.get(folder));
  }).flat();
}

/** Each source: where it keeps sessions, and the files there. */
const SOURCES: Record<ImportSource, { name: string; folder: (env: NodeJS.ProcessEnv) => string; files: (folder: string) => Work[] }> = {
  claude: { name: 'Claude Code', folder: (env) => join(claudeConfigDir(env), 'projects'), files: claudeWork },
  codex: { name: 'Codex', folder: (env) => join(codexHome(env), 'sessions'), files: (f) => codexRolloutFiles(dirname(f)).flatMap((p) => work(p, 'codex', 'transcript', 'codex')) },
  gemini: { name: 'Gemini CLI', folder: (env) => join(geminiDir(env), 'tmp'), files: (f) => geminiWork(dirname(f)) },
};

export async function importTranscripts(o: ImportOptions): Promise<ImportReport> {
  const report: ImportReport = { files: 0, skippedUnchanged: 0, written: 0, projects: [], lines: [] };
  const todo: Work[] = [];
  for (const from of o.from) {
    const source = SOURCES[from];
    const folder = source.folder(o.env);
    if (!existsSync(folder)) {
      report.lines.push(`${from}: no transcripts at ${folder} (${source.name} keeps them there; nothing to import)`);
      continue;
    }
    todo.push(...source.files(folder));
  }
  // The user data folder holds the state: the same one every project store shares.
  const statePath = join(userDataDir(o.env), STATE_FILE);
  const state = readState(statePath);

  // Transcripts first, so each project folder's cwd is known when its notes come.
  todo.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'transcript' ? -1 : 1));
  const cwdOfFolder = new Map<string, string>();
  const projects = new Set<string>();
  const skipped: string[] = [];
  let done = 0;
  for (const w of todo) {
    done++;
    if (o.except !== undefined && w.path === o.except) {
      o.progress?.(done, todo.length);
      continue;
    }
    const seen = state[w.path];
    if (seen && seen.size === w.size && seen.mtimeMs === w.mtimeMs) {
      report.skippedUnchanged++;
      if (w.kind === 'transcript') rememberCwd(w, cwdOfFolder);
      o.progress?.(done, todo.length);
      continue;
    }
    const skippedBefore = skipped.length;
    const batch = w.kind === 'transcript' ? transcriptBatch(w, o, cwdOfFolder, seen?.turns ?? 0, skipped) : noteBatch(w, cwdOfFolder);
    const said = batch && 'said' in batch ? (batch.said as Said[]) : [];
    if (batch && (batch.candidates.length > 0 || said.length > 0)) {
      const memory = await openMemory({ cwd: batch.cwd, env: o.env, sets: o.sets ?? [] });
      try {
        for (const r of await memory.write(dropRepeats(batch.candidates))) if (changesMemory(r)) report.written++;
        // Everything said goes into the episode index, kept or not by the distiller.
        if (memory.config.episodes.enabled) report.passages = (report.passages ?? 0) + memory.stores.project.addEpisodes(said);
        projects.add(memory.loaded.paths.projectRoot);
      } finally {
        memory.close();
      }
    }
    report.files++;
    const turns = batch && 'turns' in batch && typeof batch.turns === 'number' ? batch.turns : undefined;
    // A transcript skipped because its folder cannot take memories yet (no git root, say) is not imported: after `git init`, the next import takes it.
    if (skipped.length === skippedBefore) {
      state[w.path] = { size: w.size, mtimeMs: w.mtimeMs, ...(turns !== undefined ? { turns } : {}) };
      writePrivateFile(statePath, JSON.stringify(state));
    }
    o.progress?.(done, todo.length);
  }
  report.projects = [...projects].sort();
  if (skipped.length) report.lines.push(`skipped ${skipped.length} transcript${skipped.length === 1 ? '' : 's'} whose folder cannot take memories here: ${skipped.slice(0, 3).join('; ')}${skipped.length > 3 ? '; …' : ''}`);
  return report;
}

function rememberCwd(w: Work, cwdOfFolder: Map<string, string>): void {
  // Only Claude Code's notes need their folder's cwd.
  if (w.source !== 'claude') return;
  try {
    const cwd = parseTranscript('claude', readBoundedText(w.path).text).meta.cwd;
    if (cwd) cwdOfFolder.set(w.folder, cwd);
  } catch {
    // Unreadable: its notes, if any, stay unplaced.
  }
}

/**
 * A transcript's candidates, from the turn after those an earlier import
 * took (the last of them again, in case it was still being answered: its
 * memories come back as exact repeats, which the store refuses).
 */
function transcriptBatch(w: Work, o: ImportOptions, cwdOfFolder: Map<string, string>, turnsDone: number, skipped: string[]): { cwd: string; candidates: Candidate[]; turns: number; said: Said[] } | undefined {
  let text: string;
  try {
    text = readBoundedText(w.path).text;
  } catch {
    return undefined;
  }
  const t = parseTranscript(w.source, text);
  const cwd = w.cwd ?? t.meta.cwd;
  if (!cwd || t.turns.length === 0) return undefined;
  const unfit = unfitProject(cwd, o.env);
  if (unfit) {
    skipped.push(`${w.path}: its folder ${cwd} ${unfit}`);
    return undefined;
  }
  cwdOfFolder.set(w.folder, cwd);
  if (o.dir && !(cwd === o.dir || cwd.startsWith(`${o.dir}/`))) return undefined;
  const fresh = t.turns.slice(Math.max(0, turnsDone - 1));
  const turns = o.since !== undefined ? fresh.filter((x) => x.at >= (o.since ?? 0)) : fresh;
  if (turns.length === 0) return { cwd, candidates: [], turns: t.turns.length, said: [] };
  const start = turns[0]?.at ?? 0;
  const sessionId = t.meta.sessionId ?? basename(w.path, '.jsonl');
  const ctx = { agent: w.source, dir: cwd, sessionId, sourceAt: (s: number) => `${w.path}#t=${s.toFixed(1)}`, marker: '!记得' };
  const { distilled, commands } = transcriptCandidates({ ...t, turns }, start, [], ctx, { dated: true });
  // Memories keep the moment they were said (the turn their source points
  // at), not the day of the import: of two values said in one session, the
  // later one is the newer.
  const dated = distilled.candidates.map((c) => ({ ...c, createdAt: start + secondsInto(c.source) * 1000 }));
  const first = t.turns.length - turns.length;
  const said = saidOf(turns, first, { sessionId, agent: w.source, dir: cwd, source: w.path });
  return { cwd, candidates: [...dated, ...commands], turns: t.turns.length, said };
}

function noteBatch(w: Work, cwdOfFolder: Map<string, string>): { cwd: string; candidates: Candidate[] } | undefined {
  let text: string;
  try {
    text = readBoundedText(w.path).text;
  } catch {
    return undefined;
  }
  const note = parseClaudeNote(text, basename(w.path, '.md'));
  if (!note) return undefined;
  // A project note needs its project, which the folder's transcripts name; a
  // global one goes to the user store through any project opened.
  const cwd = cwdOfFolder.get(w.folder) ?? (note.type === 'global' ? [...cwdOfFolder.values()][0] : undefined);
  if (!cwd) return undefined;
  return {
    cwd,
    candidates: [{ type: note.type, text: note.text, dir: note.type === 'global' ? '' : cwd, agent: 'claude', source: w.path, explicit: true, createdAt: w.mtimeMs }],
  };
}

/** The seconds a source reference points at ("…#t=12.5"), 0 without one. */
function secondsInto(source: string | null | undefined): number {
  const m = /#t=(\d+(?:\.\d+)?)$/.exec(source ?? '');
  return m ? Number(m[1]) : 0;
}
