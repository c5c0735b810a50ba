import { join } from 'node:path';
import type { LoadedConfig, Paths } from '../config/index.js';
import { ConfigError, FatalError, errorMessage } from '../errors.js';

type Loaded = Pick<LoadedConfig, 'config'> & { paths: Paths };

/** Which embedder this config uses here, and the notice when it fell back. */
export async function embedderStatus(loaded: Loaded): Promise<{ id: string; notice?: string }> {
  const { chooseEmbedder } = await import('../store/index.js');
  const choice = chooseEmbedder(loaded.paths.modelsDir, loaded.config.store.vector_model);
  return { id: choice.embedder.id, notice: choice.notice };
}

/**
 * Fetches the sentence model once into the models folder (the one place
 * that may download). Returns false when it was already there.
 */
export async function pullSentenceModel(
  loaded: Loaded,
  name: string | undefined,
  onProgress: (file: string, done: number, total: number) => void,
): Promise<{ id: string; pulled: boolean; dir: string; thresholds?: { update: number; merge: number; retrieval: number } }> {
  const id = name ?? loaded.config.store.vector_model;
  if (id === 'lexical') throw new ConfigError('store.vector_model is "lexical": there is no model to pull. Set it to a model id, e.g. Xenova/paraphrase-multilingual-MiniLM-L12-v2.');
  const { localModelFile, pullModel } = await import('../store/index.js');
  const dir = loaded.paths.modelsDir;
  if (localModelFile(dir, id)) return { id, pulled: false, dir };
  let pulled;
  try {
    pulled = await pullModel(dir, id, onProgress);
  } catch (err) {
    throw new FatalError(
      `could not pull ${id}: ${errorMessage(err).split('\n')[0]}. Run "claude-mem model pull" again; behind a firewall set HF_ENDPOINT to a hub mirror, or copy the model files into ${join(dir, id)}.`,
    );
  }
  return { id, pulled: true, dir, ...(pulled.thresholds ? { thresholds: pulled.thresholds } : {}) };
}
