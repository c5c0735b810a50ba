import { createRequire } from 'node:module';
import { LexicalEmbedder } from './lexical.js';
import { MODEL_THRESHOLDS, ModelEmbedder, localModelFile, modelDir } from './model.js';
import { calibratedThresholds } from './calibration.js';
import type { Embedder } from './embedder.js';

export interface EmbedderChoice {
  embedder: Embedder;
  /**
   * One line for the user when we fell back; undefined when the model is
   * used. Without a local model it is worded when first read: whether the
   * runtime is installed is a package resolution (~4 ms), which a launch
   * that never shows the line should not pay.
   */
  readonly notice?: string;
}

function lexicalWithNotice(line: () => string): EmbedderChoice {
  let said: string | undefined;
  return {
    embedder: new LexicalEmbedder(),
    get notice() {
      return (said ??= line());
    },
  };
}

/**
 * The model when its files are on disk, else the lexical embedder with a
 * one-line notice. "lexical" in config forces the lexical one, silently.
 */
export function chooseEmbedder(modelsDir: string, model: string, hasRuntime: () => boolean = modelRuntimeInstalled): EmbedderChoice {
  if (model === 'lexical') return { embedder: new LexicalEmbedder() };
  if (localModelFile(modelsDir, model)) {
    if (!hasRuntime()) {
      return {
        embedder: new LexicalEmbedder(),
        notice: `the model ${model} is here, but not its runtime (@huggingface/transformers, optional: left out when its GPU download could not run); using built-in lexical vectors. To add it: ONNXRUNTIME_NODE_INSTALL=skip npm install -g claude-mem (onnxruntime's CPU runtime ships in its package; the skip leaves out only its GPU download), or set store.vector_model to "lexical".`,
      };
    }
    return { embedder: new ModelEmbedder(modelsDir, model, calibratedThresholds(modelDir(modelsDir, model)) ?? MODEL_THRESHOLDS) };
  }
  // An install where npm could not download left the runtime out: pulling the model alone would not help, so say so.
  return lexicalWithNotice(() =>
    hasRuntime()
      ? `no local model ${model}; using built-in lexical vectors (run "claude-mem model pull" for semantic search).`
      : `no local model ${model}, and no model runtime: @huggingface/transformers (optional) was left out when claude-mem was installed, because its install downloads GPU files; using built-in lexical vectors. For semantic search: ONNXRUNTIME_NODE_INSTALL=skip npm install -g claude-mem (onnxruntime's CPU runtime ships in its package; the skip leaves out only its GPU download), then "claude-mem model pull".`,
  );
}

/**
 * Whether the model runtime is installed. It is an optional dependency:
 * onnxruntime-node, under it, downloads GPU files when installed, and where
 * npm cannot reach them it is left out and claude-mem installs anyway.
 */
export function modelRuntimeInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('@huggingface/transformers');
    return true;
  } catch {
    return false;
  }
}
