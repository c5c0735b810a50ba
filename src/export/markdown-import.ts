/**
 * Pure: what an edited Markdown export asks for, against the manifest the
 * export left and the memories as they are now. Matched by id:
 * - a note whose text changed → update the memory, unless the memory changed
 *   too since the export (a conflict: nothing is applied, both are named);
 * - a note gone → archive the memory (a conflict as well if it changed);
 * - a note without an id (written by hand) → a new memory;
 * - a note as exported → nothing.
 */
import { parse } from 'yaml';
import { contentHash } from '../store/index.js';
import type { Memory } from '../store/index.js';
import { MEMORY_TYPES, type MemoryType } from '../text/index.js';

export const MANIFEST = '.claude-mem-export.json';

export interface ManifestEntry {
  id: string;
  /** Hash of the note's text as exported. */
  textHash: string;
  /** The memory's content hash at export. */
  memoryHash: string;
}

export type Manifest = Record<string, ManifestEntry>;

export interface Note {
  path: string;
  id: string | undefined;
  type: MemoryType | undefined;
  text: string;
}

export type Step =
  | { kind: 'update'; path: string; id: string; text: string }
  | { kind: 'archive'; path: string; id: string }
  | { kind: 'add'; path: string; text: string; type: MemoryType | undefined }
  | { kind: 'conflict'; path: string; id: string; why: string };

/** The sections export adds after the text: not part of it. */
const OWN_SECTIONS = /\n\n## (?:Also said|Same session)\n[\s\S]*$/;

export function readNote(path: string, markdown: string): Note | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(markdown);
  let front: Record<string, unknown> = {};
  try {
    const v: unknown = m ? parse(m[1] ?? '') : {};
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) front = v as Record<string, unknown>;
  } catch {
    // Front matter a person broke: the note is still its text, without an id.
  }
  const text = (m ? (m[2] ?? '') : markdown).replace(OWN_SECTIONS, '').trim();
  if (!text) return undefined;
  const id = typeof front['id'] === 'string' || typeof front['id'] === 'number' ? String(front['id']) : undefined;
  const type = (MEMORY_TYPES as readonly string[]).includes(String(front['type'])) ? (front['type'] as MemoryType) : undefined;
  return { path, id, type, text };
}

export function planImport(notes: Note[], manifest: Manifest, memories: Map<string, Memory>): Step[] {
  const steps: Step[] = [];
  const present = new Set(notes.map((n) => n.path));
  for (const [path, e] of Object.entries(manifest)) {
    if (present.has(path)) continue;
    const m = memories.get(e.id);
    if (!m || m.status !== 'active') continue;
    steps.push(m.contentHash === e.memoryHash ? { kind: 'archive', path, id: e.id } : { kind: 'conflict', path, id: e.id, why: 'the note was deleted, and the memory changed since the export' });
  }
  for (const n of notes) {
    const e = manifest[n.path];
    if (!e) {
      if (n.id === undefined) steps.push({ kind: 'add', path: n.path, text: n.text, type: n.type });
      continue;
    }
    if (contentHash(n.text) === e.textHash) continue;
    const m = memories.get(e.id);
    if (!m) continue;
    steps.push(m.contentHash === e.memoryHash ? { kind: 'update', path: n.path, id: e.id, text: n.text } : { kind: 'conflict', path: n.path, id: e.id, why: 'both the note and the memory changed since the export' });
  }
  return steps;
}

/** Pure: the manifest entry of a note as written now. */
export function manifestEntry(m: Memory, text: string): ManifestEntry {
  return { id: m.id, textHash: contentHash(text), memoryHash: m.contentHash };
}
