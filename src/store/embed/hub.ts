import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { once } from 'node:events';

/**
 * Fetches a model's files from the Hugging Face hub (or the mirror named by
 * HF_ENDPOINT, as the hub's own tools do) and checks each against the hub's
 * listing: its size, and its sha256 (large files) or git blob id (small
 * ones). A file is written beside its place and renamed in only when it
 * checks out, so a broken download never looks like a model.
 */
export interface HubEntry {
  type: string;
  path: string;
  size: number;
  oid: string;
  lfs?: { oid: string; size: number };
}

export const DEFAULT_ENDPOINT = 'https://huggingface.co';

/** What a feature-extraction model needs; the weights: the quantised file first (smaller and faster), the float one otherwise. */
const REQUIRED = ['config.json', 'tokenizer.json'];
const OPTIONAL = ['tokenizer_config.json', 'special_tokens_map.json'];
const WEIGHTS = ['onnx/model_quantized.onnx', 'onnx/model.onnx'];

export class HubError extends Error {}

/** Pure: the files to fetch from a listing, or why there are none. */
export function pickFiles(entries: HubEntry[], id: string): HubEntry[] {
  const byPath = new Map(entries.filter((e) => e.type === 'file').map((e) => [e.path, e]));
  const missing = REQUIRED.filter((p) => !byPath.has(p));
  if (missing.length) throw new HubError(`${id} has no ${missing.join(' or ')}: it is not a transformers.js model`);
  const weights = WEIGHTS.map((p) => byPath.get(p)).find((e) => e !== undefined);
  if (!weights) throw new HubError(`${id} has no ONNX weights (${WEIGHTS.join(' or ')}): pick a model converted for transformers.js, such as the Xenova/ ones`);
  return [...REQUIRED, ...OPTIONAL].flatMap((p) => byPath.get(p) ?? []).concat(weights);
}

/** The git blob id of content of this size: what the hub lists for a small file. */
function gitBlobHash(size: number): Hash {
  return createHash('sha1').update(`blob ${size}\0`);
}

async function getJson(url: string, fetchImpl: typeof fetch): Promise<unknown> {
  const res = await fetchImpl(url);
  if (!res.ok) throw new HubError(`${url} answered ${res.status}${res.status === 404 ? ' (no such model?)' : ''}`);
  return res.json();
}

export interface PullOptions {
  endpoint?: string;
  onProgress?: (file: string, done: number, total: number) => void;
  fetchImpl?: typeof fetch;
}

/** Downloads and checks every file of `id` into `dir`; returns the files written. */
export async function pullFromHub(dir: string, id: string, o: PullOptions = {}): Promise<string[]> {
  const endpoint = (o.endpoint ?? DEFAULT_ENDPOINT).replace(/\/+$/, '');
  const fetchImpl = o.fetchImpl ?? fetch;
  const listing = await getJson(`${endpoint}/api/models/${id}/tree/main?recursive=true`, fetchImpl);
  if (!Array.isArray(listing)) throw new HubError(`${endpoint} did not list the files of ${id}`);
  const files = pickFiles(listing as HubEntry[], id);
  const total = files.reduce((s, f) => s + (f.lfs?.size ?? f.size), 0);
  let done = 0;
  for (const f of files) {
    const size = f.lfs?.size ?? f.size;
    const dest = join(dir, ...f.path.split('/'));
    const part = `${dest}.part`;
    mkdirSync(dirname(dest), { recursive: true });
    const res = await fetchImpl(`${endpoint}/${id}/resolve/main/${f.path}`);
    if (!res.ok || !res.body) throw new HubError(`${f.path}: the hub answered ${res.status}`);
    const hash = f.lfs ? createHash('sha256') : gitBlobHash(size);
    const out = createWriteStream(part);
    let got = 0;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        got += chunk.byteLength;
        done += chunk.byteLength;
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, 'drain');
        o.onProgress?.(f.path, done, total);
      }
      out.end();
      await once(out, 'finish');
      const want = f.lfs ? f.lfs.oid : f.oid;
      const digest = hash.digest('hex');
      if (got !== size) throw new HubError(`${f.path} arrived with ${got} of its ${size} bytes`);
      if (digest !== want) throw new HubError(`${f.path} is damaged: its ${f.lfs ? 'sha256' : 'git id'} is ${digest.slice(0, 12)}…, the hub lists ${want.slice(0, 12)}…`);
      renameSync(part, dest);
    } catch (err) {
      out.destroy();
      rmSync(part, { force: true });
      throw err;
    }
  }
  return files.map((f) => f.path);
}
