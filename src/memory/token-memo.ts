import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from '../fs-private.js';
import type { CountMemo } from '../inject/token-pieces.js';
import { quickHash } from '../ids.js';

/**
 * Token counts of block pieces (inject/token-pieces.ts), kept per project
 * by the processes that load the tokenizer anyway (the background warm and
 * distiller), for a launch that must rebuild its block in the foreground.
 * Keyed by a hash of the piece: the memories' text stays in the store.
 */
const FILE = 'token-counts.json';
/** 2: keys are quickHash (ids.ts); version 1's sha1 keys are dropped, and counted again by the next warm. */
const VERSION = 2;
/** A block's candidates are a few hundred lines per store; this holds many builds' worth. */
const MAX_ENTRIES = 8192;

const keyOf = quickHash;

export class FileCountMemo implements CountMemo {
  private readonly used = new Map<string, number>();
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly known: Map<string, number>,
  ) {}

  /** A missing or damaged file is an empty memo: counts are only a shortcut. */
  static load(projectDataDir: string): FileCountMemo {
    const file = join(projectDataDir, FILE);
    const known = new Map<string, number>();
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { v?: unknown; counts?: unknown };
      if (parsed.v === VERSION && parsed.counts && typeof parsed.counts === 'object') {
        for (const [k, n] of Object.entries(parsed.counts as Record<string, unknown>)) if (typeof n === 'number' && Number.isInteger(n) && n >= 0) known.set(k, n);
      }
    } catch {
      // Start empty.
    }
    return new FileCountMemo(file, known);
  }

  get(piece: string): number | undefined {
    const key = keyOf(piece);
    const n = this.used.get(key) ?? this.known.get(key);
    if (n !== undefined) this.used.set(key, n);
    return n;
  }

  set(piece: string, tokens: number): void {
    this.used.set(keyOf(piece), tokens);
    this.changed = true;
  }

  /** Keeps what this build used first, then the rest, up to the cap. Never throws (a read-only folder). */
  save(): void {
    if (!this.changed) return;
    const counts: Record<string, number> = {};
    let n = 0;
    for (const map of [this.used, this.known]) {
      for (const [k, v] of map) {
        if (n >= MAX_ENTRIES) break;
        if (k in counts) continue;
        counts[k] = v;
        n++;
      }
    }
    try {
      writePrivateFile(this.file, JSON.stringify({ v: VERSION, counts }));
    } catch {
      // The next foreground rebuild only counts more conservatively.
    }
  }
}
