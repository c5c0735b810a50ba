import type { Embedder } from './embed/embedder.js';
import type { StoreReader } from './store-read.js';
import type { Hit, SearchOptions } from './types.js';

/** One search over several stores: the query embedded once, the hits of all merged by score. */
export async function searchAcross(stores: StoreReader[], embedder: Embedder, query: string, opts: SearchOptions): Promise<Hit[]> {
  const [v] = opts.lexicalOnly ? [undefined] : await embedder.embed([query]);
  const hits = (await Promise.all(stores.map((s) => s.search(query, opts, v)))).flat();
  hits.sort((a, b) => b.score - a.score);
  return hits.slice(0, opts.limit);
}
