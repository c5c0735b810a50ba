/**
 * A project's claude-mem.yaml arrives with every `git clone`, so by default
 * it is somebody else's file. Keys that run a program, pass arguments to
 * one, load code or data from elsewhere, or widen what an agent may do are
 * honoured from it only once the user has trusted that folder
 * (`claude-mem trust`), recorded by path and content hash of the config in
 * the user's own data folder, as direnv and mise do: an edit to the file
 * (a `git pull`) needs trusting again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { realish } from './paths.js';
import { sha256Hex } from '../ids.js';
import { writePrivateFile } from '../fs-private.js';

/**
 * What an untrusted project file may not set, and why each can hurt:
 * - distill.summarizer runs through `sh -c`;
 * - inject.adapters passes any arguments to the wrapped CLI
 *   (`--dangerously-skip-permissions`);
 * - store.vector_model names what to load and pull;
 * - store.allow_external_db_path moves the store out of the project;
 * - mcp.allow_forget lets an agent delete memories;
 * - team.url sends this project's memories to a server;
 * - watch.prompt_marker decides which typed lines never reach the program
 *   (a marker of "/q" or "g" would swallow /quit or every git command).
 * - store.db_path points the store at any file (a committed `vendor/mem.db`
 *   would be read as the user's memories and written into, then staged);
 * - team.* (its url, its name, what is shared) decide what leaves the machine
 *   and whose memories come in;
 * - inject.token_budget widens what is handed to the CLI on every launch
 *   (a shipped store's rows, or anything a teammate shared, by the page).
 */
export const TRUST_KEYS = [
  'distill.summarizer',
  'inject.adapters',
  'inject.token_budget',
  'store.vector_model',
  'store.db_path',
  'store.allow_external_db_path',
  'mcp.allow_forget',
  'team.*',
  'watch.prompt_marker',
] as const;

export const TRUST_FILE = 'trusted.json';

export interface TrustEntry {
  /** The project root, symlinks resolved. */
  dir: string;
  /** sha256 of claude-mem.yaml when trusted; '' when the folder had none. */
  configHash: string;
  at: string;
}

export type TrustState = 'trusted' | 'untrusted' | 'changed';

export function readTrust(dataDir: string): TrustEntry[] {
  try {
    const v = JSON.parse(readFileSync(join(dataDir, TRUST_FILE), 'utf8')) as { entries?: unknown };
    if (!Array.isArray(v.entries)) return [];
    return v.entries.filter((e): e is TrustEntry => typeof e === 'object' && e !== null && typeof (e as TrustEntry).dir === 'string' && typeof (e as TrustEntry).configHash === 'string');
  } catch {
    // Missing or damaged: nothing is trusted, which is the safe reading.
    return [];
  }
}

/** Pure: the state of a folder whose config text is `text` (undefined: no claude-mem.yaml). */
export function trustStateOf(entries: TrustEntry[], dir: string, text: string | undefined): TrustState {
  const e = entries.find((x) => x.dir === dir);
  if (!e) return 'untrusted';
  return e.configHash === (text === undefined ? '' : sha256Hex(text)) ? 'trusted' : 'changed';
}

export function trustState(dataDir: string, root: string, text: string | undefined): TrustState {
  return trustStateOf(readTrust(dataDir), realish(root), text);
}

/** Records (or with `revoke`, removes) the trust of `root` as its config reads now. */
export function setTrust(dataDir: string, root: string, text: string | undefined, revoke = false): boolean {
  const dir = realish(root);
  const entries = readTrust(dataDir);
  const had = entries.some((e) => e.dir === dir);
  const rest = entries.filter((e) => e.dir !== dir);
  const next = revoke ? rest : [...rest, { dir, configHash: text === undefined ? '' : sha256Hex(text), at: new Date().toISOString() }];
  writePrivateFile(join(dataDir, TRUST_FILE), `${JSON.stringify({ v: 1, entries: next }, null, 2)}\n`);
  return had;
}

type Plain = Record<string, unknown>;

/**
 * Pure: removes the keys an untrusted file may not set from its values,
 * and returns the dotted names it had set.
 */
export function dropTrustKeys(values: Plain): string[] {
  const dropped: string[] = [];
  for (const key of TRUST_KEYS) {
    const [section, name] = key.split('.') as [string, string];
    const node = values[section];
    if (typeof node !== 'object' || node === null || Array.isArray(node)) continue;
    // "team.*": every key of the section.
    for (const k of name === '*' ? Object.keys(node) : name in node ? [name] : []) {
      delete (node as Plain)[k];
      dropped.push(`${section}.${k}`);
    }
  }
  return dropped;
}

/** The one-line notice for keys ignored from an untrusted (or changed) project file. */
export function ignoredNotice(file: string, keys: string[], state: TrustState): string {
  const why = state === 'changed' ? 'changed since you trusted this folder' : 'is not trusted';
  return `${file} ${why}: ignoring ${keys.join(', ')} (they can run programs or widen what runs). Read the file, then run "claude-mem trust" here to allow them.`;
}

/** Where an untrusted project's own memory lives while its shipped folder is set aside. */
export function asideDataDir(userDataDir: string, root: string): string {
  return join(userDataDir, 'projects', sha256Hex(realish(root)).slice(0, 16));
}

export function shippedNotice(dataDir: string, why: string, aside: string): string {
  return `${dataDir} came with this repository (${why}), so its memories are someone else's: claude-mem neither reads nor writes it, and keeps this folder's memory in ${aside}. Run "claude-mem trust" here to use the shipped one.`;
}
