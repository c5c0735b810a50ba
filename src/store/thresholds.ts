import type { LoadedConfig } from '../config/index.js';
import type { Embedder, Thresholds } from './embed/embedder.js';

/**
 * Thresholds belong to the embedder; a key the user set explicitly wins.
 */
export function resolveThresholds(embedder: Embedder, loaded: Pick<LoadedConfig, 'config' | 'explicit'>): Thresholds {
  const t = { ...embedder.thresholds };
  if (loaded.explicit.has('dedup.update_threshold')) t.update = loaded.config.dedup.update_threshold;
  if (loaded.explicit.has('dedup.merge_threshold')) t.merge = loaded.config.dedup.merge_threshold;
  if (loaded.explicit.has('retrieval.similarity_threshold')) t.retrieval = loaded.config.retrieval.similarity_threshold;
  return t;
}
