/**
 * Pure: what an edited Markdown export asks for, against the manifest the
 * export left and the memories as they are now. Matched by id (the front
 * matter's), so a renamed or moved note is the same memory:
 * - a note whose text changed → update the memory, unless the memory changed
 *   too since the export (a conflict: nothing is applied, both are named);
 * - an exported id no note carries any more → archive the memory (a conflict
 *   as well if it changed);
 * - a note without an id (written by hand) → a new memory;
 * - a note as exported → nothing;
 * - a note whose id this export never wrote, a second note with the same
 *   id, or an exported note emptied of text → skipped, with the reason (an
 *   empty body is not a deletion: deleting the note is).
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
  | { kind: 'conflict'; path: string; id: string; why: string }
  | { kind: 'skip'; path: string; why: string };

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
  const id = typeof front['id'] === 'string' || typeof front['id'] === 'number' ? String(front['id']) : undefined;
  // An empty note without an id is nothing; with one, it is a mistake to report.
  if (!text && id === undefined) return undefined;
  const type = (MEMORY_TYPES as readonly string[]).includes(String(front['type'])) ? (front['type'] as MemoryType) : undefined;
  return { path, id, type, text };
}

export function planImport(notes: Note[], manifest: Manifest, memories: Map<string, Memory>): Step[] {
  const steps: Step[] = [];
  const exported = new Map<string, { path: string; entry: ManifestEntry }>();
  for (const [path, entry] of Object.entries(manifest)) exported.set(entry.id, { path, entry });
  const claimed = new Map<string, string>();
  for (const given of notes) {
    // A note written by hand has no id; once imported, the manifest knows it by its path.
    const known = given.id ?? manifest[given.path]?.id;
    if (known === undefined) {
      if (given.text) steps.push({ kind: 'add', path: given.path, text: given.text, type: given.type });
      continue;
    }
    const n = { ...given, id: known };
    const e = exported.get(n.id);
    if (!e) {
      steps.push({ kind: 'skip', path: n.path, why: `id ${n.id} is not from this export; remove its id line to add the note as a new memory` });
      continue;
    }
    const first = claimed.get(n.id);
    if (first !== undefined) {
      steps.push({ kind: 'skip', path: n.path, why: `${first} already carries id ${n.id}; remove the id line of the copy to add it as a new memory` });
      continue;
    }
    claimed.set(n.id, n.path);
    if (!n.text) {
      steps.push({ kind: 'skip', path: n.path, why: 'the note is empty; delete the note to archive its memory' });
      continue;
    }
    if (contentHash(n.text) === e.entry.textHash) continue;
    const m = memories.get(n.id);
    if (!m) continue;
    steps.push(m.contentHash === e.entry.memoryHash ? { kind: 'update', path: n.path, id: n.id, text: n.text } : { kind: 'conflict', path: n.path, id: n.id, why: 'both the note and the memory changed since the export' });
  }
  for (const [id, e] of exported) {
    if (claimed.has(id)) continue;
    const m = memories.get(id);
    if (!m || m.status !== 'active') continue;
    steps.push(m.contentHash === e.entry.memoryHash ? { kind: 'archive', path: e.path, id } : { kind: 'conflict', path: e.path, id, why: 'the note was deleted, and the memory changed since the export' });
  }
  return steps;
}

/** Pure: the manifest entry of a note as written now. */
export function manifestEntry(m: Memory, text: string): ManifestEntry {
  return { id: m.id, textHash: contentHash(text), memoryHash: m.contentHash };
}
