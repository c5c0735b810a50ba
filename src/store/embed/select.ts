import { LexicalEmbedder } from './lexical.js';
import { MODEL_THRESHOLDS, ModelEmbedder, localModelFile, modelDir } from './model.js';
import { calibratedThresholds } from './calibration.js';
import type { Embedder } from './embedder.js';

export interface EmbedderChoice {
  embedder: Embedder;
  /** One line for the user when we fell back; undefined when the model is used. */
  notice?: string;
}

/**
 * The model when its files are on disk, else the lexical embedder with a
 * one-line notice. "lexical" in config forces the lexical one, silently.
 */
export function chooseEmbedder(modelsDir: string, model: string): EmbedderChoice {
  if (model === 'lexical') return { embedder: new LexicalEmbedder() };
  if (localModelFile(modelsDir, model)) return { embedder: new ModelEmbedder(modelsDir, model, calibratedThresholds(modelDir(modelsDir, model)) ?? MODEL_THRESHOLDS) };
  return {
    embedder: new LexicalEmbedder(),
    notice: `no local model ${model}; using built-in lexical vectors (run "claude-mem model pull" for semantic search).`,
  };
}
