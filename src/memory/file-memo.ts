import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writePrivateFile } from '../fs-private.js';

/**
 * Values a block build computes and the next build in the project can
 * reuse (token counts of its pieces, the conflict decisions of its pairs),
 * kept in one small file under the project's data folder by hashed key
 * (no spaces: the file joins them with one).
 * `salt` names what every value depends on besides its key (an embedder, a
 * threshold): a file written under another salt is not read. A missing or
 * damaged file is an empty memo: the values are only a shortcut.
 */
export class FileMemo<V> {
  /** What this build computed. */
  private readonly used = new Map<string, V>();
  /** What it read of the file, in order (repeats included). */
  private readonly hits: string[] = [];
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly head: { v: number; salt: string },
    private readonly known: Map<string, V>,
    private readonly max: number,
  ) {}

  static load<V>(projectDataDir: string, o: { file: string; version: number; salt?: string; max: number; valid: (x: unknown) => x is V }): FileMemo<V> {
    const file = join(projectDataDir, o.file);
    const salt = o.salt ?? '';
    const known = new Map<string, V>();
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { v?: unknown; salt?: unknown; keys?: unknown; values?: unknown };
      if (parsed.v === o.version && (parsed.salt ?? '') === salt && typeof parsed.keys === 'string' && Array.isArray(parsed.values)) {
        const keys = parsed.keys.split(' ');
        const values = parsed.values as unknown[];
        if (keys.length === values.length) keys.forEach((k, i) => o.valid(values[i]) && known.set(k, values[i] as V));
      }
    } catch {
      // Start empty.
    }
    return new FileMemo<V>(file, { v: o.version, salt }, known, o.max);
  }

  // A build asks for a thousand pairs or more, most of them kept: a hit costs
  // one lookup and a push. A key is known or set here, never both (set is
  // for what get did not find), so the order of the lookups is free.
  get(key: string): V | undefined {
    const x = this.known.get(key);
    if (x === undefined) return this.used.get(key);
    this.hits.push(key);
    return x;
  }

  set(key: string, x: V): void {
    this.used.set(key, x);
    this.changed = true;
  }

  /** Keeps what this build used first (computed, then read), then the rest, up to the cap. Never throws (a read-only folder). */
  save(): void {
    // Never the reason a project folder appears: where there is none, there is nothing to keep.
    if (!this.changed || !existsSync(dirname(this.file))) return;
    const kept = new Map<string, V>(this.used);
    for (const k of this.hits) {
      const x = this.known.get(k);
      if (x !== undefined && !kept.has(k)) kept.set(k, x);
    }
    for (const [k, x] of this.known) {
      if (kept.size >= this.max) break;
      if (!kept.has(k)) kept.set(k, x);
    }
    const keys = [...kept.keys()].slice(0, this.max);
    try {
      // Keys in one string, values in one array: parsed ~3x sooner than an object of a thousand keys.
      writePrivateFile(this.file, JSON.stringify({ ...this.head, keys: keys.join(' '), values: keys.map((k) => kept.get(k)) }));
    } catch {
      // The next build computes them again.
    }
  }
}
