/**
 * Pure: memories as Markdown notes for a notes app (Obsidian and the like).
 * One note per memory with YAML front matter and the text as its body,
 * `[[links]]` to the other memories of the same session (so a vault draws
 * them as a graph), and an index note per folder. Names are the memory ids,
 * so a note keeps its name when its text changes. Returns path → content;
 * the caller writes them.
 */
import { stringify } from 'yaml';
import type { Memory } from '../store/index.js';
import { manifestEntry, type Manifest } from './markdown-import.js';

export const INDEX_NOTE = 'index.md';

/** The folder of a memory in the export: global ones apart, the rest by their project. */
export function folderOf(m: Memory, projectName: string): string {
  return m.scope === 'user' ? 'global' : projectName;
}

const iso = (ms: number): string => new Date(ms).toISOString();
const firstLine = (text: string): string => {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
};
/** Text inside a [[link]] alias or a list line must not close it or start markup (links, HTML). */
const plain = (s: string): string => s.replace(/[[\]|<>]/g, ' ').replace(/\s+/g, ' ').trim();

/** A note's name in links: its folder too, so one vault holds several projects whose ids repeat (shop/1, api/1). */
const linkName = (m: Memory, projectName: string): string => `${folderOf(m, projectName)}/${m.id}`;

export function memoryNote(m: Memory, sameSession: Memory[], projectName = 'project'): string {
  const front = {
    id: m.id,
    type: m.type,
    dir: m.dir,
    agent: m.agent,
    created: iso(m.createdAt),
    updated: iso(m.lastAccessedAt),
    heat: m.heat,
    status: m.status,
    source: m.source,
    session: m.sessionId,
    ...(m.supersededBy ? { superseded_by: m.supersededBy } : {}),
  };
  const parts = [`---\n${stringify(front).trimEnd()}\n---`, m.text.trim()];
  if (m.supplement.trim()) parts.push(`## Also said\n\n${m.supplement.trim()}`);
  if (sameSession.length) parts.push(`## Same session\n\n${sameSession.map((o) => `- [[${linkName(o, projectName)}|${plain(firstLine(o.text))}]]`).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

export function indexNote(title: string, memories: Memory[], projectName = 'project'): string {
  const byType = new Map<string, Memory[]>();
  for (const m of memories) byType.set(m.type, [...(byType.get(m.type) ?? []), m]);
  const sections = [...byType.entries()].map(([type, ms]) => `## ${type}\n\n${ms.map((m) => `- [[${linkName(m, projectName)}|${plain(firstLine(m.text))}]]`).join('\n')}`);
  return `# ${plain(title)}\n\nMemories from claude-mem, one note each.\n\n${sections.join('\n\n')}\n`;
}

/** Pure: a vault's manifest after exporting into it: the folders written now replace theirs, other projects' entries stay. */
export function mergeManifest(old: Manifest, fresh: Manifest, folders: string[]): Manifest {
  const kept = Object.entries(old).filter(([path]) => !folders.includes(path.split('/')[0] ?? ''));
  return { ...Object.fromEntries(kept), ...fresh };
}

/** The notes, and the manifest `import --markdown` compares edits against. */
export function markdownExport(memories: Memory[], projectName: string): { files: Map<string, string>; manifest: Manifest } {
  const out = new Map<string, string>();
  const manifest: Manifest = {};
  const bySession = new Map<string, Memory[]>();
  for (const m of memories) if (m.sessionId) bySession.set(m.sessionId, [...(bySession.get(m.sessionId) ?? []), m]);
  const folders = new Map<string, Memory[]>();
  for (const m of memories) {
    const folder = folderOf(m, projectName);
    folders.set(folder, [...(folders.get(folder) ?? []), m]);
    const others = (m.sessionId ? bySession.get(m.sessionId) ?? [] : []).filter((o) => o.id !== m.id);
    out.set(`${folder}/${m.id}.md`, memoryNote(m, others, projectName));
    manifest[`${folder}/${m.id}.md`] = manifestEntry(m, m.text.trim());
  }
  for (const [folder, ms] of folders) out.set(`${folder}/${INDEX_NOTE}`, indexNote(folder === 'global' ? 'Global memories' : folder, ms, projectName));
  return { files: out, manifest };
}
