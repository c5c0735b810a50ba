import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from '../fs-private.js';

/**
 * Values a block build computes and the next build in the project can
 * reuse (token counts of its pieces, the conflict decisions of its pairs),
 * kept in one small file under the project's data folder by hashed key.
 * `salt` names what every value depends on besides its key (an embedder, a
 * threshold): a file written under another salt is not read. A missing or
 * damaged file is an empty memo: the values are only a shortcut.
 */
export class FileMemo<V> {
  private readonly used = new Map<string, V>();
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
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { v?: unknown; salt?: unknown; values?: unknown };
      if (parsed.v === o.version && (parsed.salt ?? '') === salt && parsed.values && typeof parsed.values === 'object') {
        for (const [k, x] of Object.entries(parsed.values as Record<string, unknown>)) if (o.valid(x)) known.set(k, x);
      }
    } catch {
      // Start empty.
    }
    return new FileMemo<V>(file, { v: o.version, salt }, known, o.max);
  }

  get(key: string): V | undefined {
    const x = this.used.get(key) ?? this.known.get(key);
    if (x !== undefined) this.used.set(key, x);
    return x;
  }

  set(key: string, x: V): void {
    this.used.set(key, x);
    this.changed = true;
  }

  /** Keeps what this build used first, then the rest, up to the cap. Never throws (a read-only folder). */
  save(): void {
    if (!this.changed) return;
    const values: Record<string, V> = {};
    let n = 0;
    for (const map of [this.used, this.known]) {
      for (const [k, x] of map) {
        if (n >= this.max) break;
        if (k in values) continue;
        values[k] = x;
        n++;
      }
    }
    try {
      writePrivateFile(this.file, JSON.stringify({ ...this.head, values }));
    } catch {
      // The next build computes them again.
    }
  }
}
