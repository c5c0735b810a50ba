import { dominantLanguage, type Stores } from '../store/index.js';
import type { Config } from '../config/index.js';
import { fitBudget } from './budget.js';
import { formatBlock, formatLine, type BlockLanguage } from './format.js';
import { conflictThreshold, findConflicts, orderSelected, selectMemories, type Selected } from './select.js';
import { loadTokenCounter } from './tokens.js';

export interface BuiltBlock {
  /** Empty when there is nothing to inject. */
  text: string;
  tokens: number;
  selected: Selected[];
  /** How many candidates the budget dropped. */
  dropped: number;
  language: BlockLanguage;
}

/**
 * select → order → budget → format, over the store interface only. The
 * result is what `run` hands over and what `context` prints.
 */
export async function buildBlock(stores: Stores, config: Config, cwd: string, launchQuery: string, now = Date.now()): Promise<BuiltBlock> {
  const candidates = await selectMemories(stores, {
    cwd,
    launchQuery,
    topK: config.retrieval.top_k,
    thresholds: stores.thresholds,
    crossDirPenalty: config.retrieval.cross_dir_penalty,
    archiveAfterDays: config.decay.archive_after_days,
    now,
  });
  if (candidates.length === 0) return { text: '', tokens: 0, selected: [], dropped: 0, language: 'en' };
  const language: BlockLanguage =
    config.inject.language === 'auto'
      ? dominantLanguage(
          [...candidates]
            .sort((a, b) => b.relevance - a.relevance)
            .slice(0, 50)
            .map((c) => c.memory.text)
            .join('\n'),
        )
      : config.inject.language;

  const threshold = conflictThreshold(stores.thresholds);
  const render = (items: Selected[]): string => {
    const ordered = orderSelected(items);
    const conflicts = findConflicts(ordered.map((s) => s.memory), vectorsOf(stores, ordered), threshold);
    return formatBlock(
      ordered.map((s) => ({ type: s.memory.type, text: s.memory.text, date: s.date })),
      language,
      conflicts,
    );
  };
  const count = await loadTokenCounter();
  const line = (s: Selected): string => `${formatLine({ type: s.memory.type, text: s.memory.text, date: s.date }, language, 99)}\n`;
  const kept = fitBudget(candidates.map((c) => ({ item: c, relevance: c.relevance })), config.inject.token_budget, render, count, line);
  if (kept.length === 0) return { text: '', tokens: 0, selected: [], dropped: candidates.length, language };
  const text = render(kept);
  return { text, tokens: count(text), selected: orderSelected(kept), dropped: candidates.length - kept.length, language };
}

/** Vectors of the memories being rendered, by display id, for the conflict check. */
const vectorCache = new WeakMap<Selected, Float32Array | null>();
function vectorsOf(stores: Stores, items: Selected[]): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  for (const store of stores.all) {
    const missing = items.filter((s) => s.memory.scope === store.scope && !vectorCache.has(s));
    const found = store.vectorsByIds(missing.map((s) => s.memory.rowid));
    for (const s of missing) vectorCache.set(s, found.get(s.memory.rowid) ?? null);
  }
  for (const s of items) {
    const v = vectorCache.get(s);
    if (v) out.set(s.memory.id, v);
  }
  return out;
}
