import type { CountMemo } from '../inject/token-pieces.js';
import { quickHash } from '../ids.js';
import { FileMemo } from './file-memo.js';

/**
 * Token counts of block pieces (inject/token-pieces.ts), kept per project
 * by the processes that load the tokenizer anyway (the background warm and
 * distiller), for a launch that must rebuild its block in the foreground.
 * Keyed by a hash of the piece: the memories' text stays in the store.
 */
const FILE = 'token-counts.json';
/** 3: the file-memo layout ({v, salt, values}); older files are dropped, and counted again by the next warm. */
const VERSION = 3;
/** A block's candidates are a few hundred lines per store; this holds many builds' worth. */
const MAX_ENTRIES = 8192;

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

export class FileCountMemo implements CountMemo {
  private constructor(private readonly memo: FileMemo<number>) {}

  static load(projectDataDir: string): FileCountMemo {
    return new FileCountMemo(FileMemo.load(projectDataDir, { file: FILE, version: VERSION, max: MAX_ENTRIES, valid: isCount }));
  }

  get(piece: string): number | undefined {
    return this.memo.get(quickHash(piece));
  }

  set(piece: string, tokens: number): void {
    this.memo.set(quickHash(piece), tokens);
  }

  save(): void {
    this.memo.save();
  }
}
