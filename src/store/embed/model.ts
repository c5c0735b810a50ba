import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { calibrate, THRESHOLDS_FILE } from './calibration.js';
import { VECTOR_DIMS, type Embedder, type Thresholds } from './embedder.js';
import { ConfigError } from '../../errors.js';
import { importTransformers } from '../../packages.js';

/**
 * paraphrase-multilingual-MiniLM-L12-v2: 384 dimensions, trained on
 * paraphrase pairs in 50+ languages including Chinese and English, so a
 * zh/en restatement lands near 0.9 and unrelated text near 0.1–0.3. That is
 * the scale the design's 0.92 / 0.80 / 0.72 were written for. (multilingual-e5
 * compresses everything into 0.7–0.9, where those thresholds mean nothing.)
 */
export const DEFAULT_MODEL = 'Xenova/paraphrase-multilingual-MiniLM-L12-v2';
export const MODEL_THRESHOLDS: Thresholds = { update: 0.92, merge: 0.8, retrieval: 0.72 };

/** The ONNX files transformers.js looks for, best first, with their dtype. */
const MODEL_FILES = [
  { file: 'model_quantized.onnx', dtype: 'q8' },
  { file: 'model.onnx', dtype: 'fp32' },
] as const;

export function modelDir(modelsDir: string, model: string): string {
  return join(modelsDir, ...model.split('/'));
}

/** Which weights are on disk for a model, if any. */
export function localModelFile(modelsDir: string, model: string): (typeof MODEL_FILES)[number] | undefined {
  const dir = modelDir(modelsDir, model);
  if (!existsSync(join(dir, 'config.json')) || !existsSync(join(dir, 'tokenizer.json'))) return undefined;
  return MODEL_FILES.find((f) => existsSync(join(dir, 'onnx', f.file)));
}

interface FeatureOutput {
  data: ArrayLike<number>;
  dims: number[];
}
type Extractor = (texts: string[], opts: { pooling: 'mean'; normalize: boolean }) => Promise<FeatureOutput>;

/**
 * A sentence model run locally by @huggingface/transformers, loaded lazily on
 * first use (never in the pass-through process) and only from local files:
 * `claude-mem model pull` is the one place that may download.
 */
export class ModelEmbedder implements Embedder {
  readonly id: string;
  readonly dims = VECTOR_DIMS;
  private extractor: Promise<Extractor> | undefined;

  constructor(
    private readonly modelsDir: string,
    private readonly model: string,
    readonly thresholds: Thresholds = MODEL_THRESHOLDS,
  ) {
    this.id = `model:${model}`;
  }

  private load(): Promise<Extractor> {
    this.extractor ??= (async () => {
      const found = localModelFile(this.modelsDir, this.model);
      if (!found) {
        throw new ConfigError(
          `the model ${this.model} (store.vector_model) is not in ${this.modelsDir}. Run "claude-mem model pull", or set store.vector_model to "lexical".`,
        );
      }
      const tf = await importTransformers();
      tf.env.allowRemoteModels = false;
      tf.env.allowLocalModels = true;
      tf.env.localModelPath = this.modelsDir;
      const pipe = await tf.pipeline('feature-extraction', this.model, { dtype: found.dtype, local_files_only: true });
      return (texts, opts) => pipe(texts, opts) as Promise<FeatureOutput>;
    })();
    return this.extractor;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const extract = await this.load();
    const out = await extract(texts, { pooling: 'mean', normalize: true });
    const dims = out.dims[out.dims.length - 1] ?? 0;
    if (dims !== this.dims) {
      throw new ConfigError(
        `the model ${this.model} (store.vector_model) gives ${dims}-dimensional vectors; claude-mem stores ${this.dims}. Set store.vector_model to a ${this.dims}-dimensional model, or to "lexical".`,
      );
    }
    const vectors: Float32Array[] = [];
    for (let i = 0; i < texts.length; i++) vectors.push(Float32Array.from(Array.prototype.slice.call(out.data, i * dims, (i + 1) * dims) as number[]));
    return vectors;
  }
}

export interface PulledModel {
  files: string[];
  /** The thresholds measured on the pulled model (calibration.ts), now kept beside it; undefined when inconclusive. */
  thresholds?: Thresholds;
}

/**
 * Downloads a model once into the models dir (hub.ts: progress over all its
 * bytes, every file checked against the hub's listing), loads it as a
 * search would, and calibrates its thresholds on the built-in labelled
 * pairs, written beside it for every later use.
 */
export async function pullModel(
  modelsDir: string,
  model: string,
  onProgress: (file: string, loaded: number, total: number) => void,
  endpoint = process.env['HF_ENDPOINT'],
): Promise<PulledModel> {
  const dir = modelDir(modelsDir, model);
  // The downloader loads only for a pull: every search opens this module.
  const { pullFromHub } = await import('./hub.js');
  const files = await pullFromHub(dir, model, { ...(endpoint ? { endpoint } : {}), onProgress });
  // Loading is the last check: a file the hub listed right can still be a model of the wrong size.
  const calibration = await calibrate(new ModelEmbedder(modelsDir, model));
  writeFileSync(join(dir, THRESHOLDS_FILE), `${JSON.stringify({ model, measuredAt: new Date().toISOString(), ...calibration }, null, 2)}\n`);
  return { files, ...(calibration.thresholds ? { thresholds: calibration.thresholds } : {}) };
}
