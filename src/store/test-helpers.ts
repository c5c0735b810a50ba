import { openDatabase } from './db.js';
import { MemoryStore } from './memory-store.js';
import { LexicalEmbedder } from './embed/lexical.js';
import type { Embedder } from './embed/embedder.js';
import type { WritePolicy } from './types.js';

/** A store on :memory: with the lexical embedder: the schema is the real one. */
export function memoryStore(embedder: Embedder = new LexicalEmbedder(), scope: 'user' | 'project' = 'project'): MemoryStore {
  return new MemoryStore(openDatabase(':memory:'), embedder, scope, ':memory:');
}

export const POLICY: WritePolicy = { triviaFilter: true, update: 0.9, merge: 0.72 };
