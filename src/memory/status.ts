import { existsSync, statSync } from 'node:fs';
import type { LoadedConfig, Paths } from '../config/index.js';
import { listSessionIds } from '../pty/session-files.js';
import type { Stores, Thresholds } from '../store/index.js';
import { annReports, type AnnReport } from './vector-report.js';
import { pendingReviewCount } from './review.js';

export interface StatusReport {
  project_root: string;
  project_store: { path: string; bytes: number; exists: boolean };
  user_store: { path: string; bytes: number; exists: boolean };
  sessions_dir: string;
  sessions: number;
  pending_sessions: string[];
  last_summary: string | null;
  embedder: string;
  embedder_notice: string | null;
  /** The thresholds in use, on this embedder's scale. */
  thresholds: Thresholds;
  /** The configured values, on the sentence model's scale (what `config` shows); each embedder maps them to its own. */
  config_thresholds: Thresholds;
  by_type: Record<string, number>;
  by_status: Record<string, number>;
  by_agent: Record<string, number>;
  by_embedder: Record<string, number>;
  config_files: string[];
  /** Active memories no person has reviewed yet (`claude-mem review`). */
  pending_review: number;
  /** Each store's approximate vector index (vector-upkeep.ts). */
  vector_indexes: AnnReport[];
  /** The episode index (what was said): passages, sessions, characters of text. */
  episodes: { passages: number; sessions: number; chars: number };
}

function fileSize(p: string): number {
  try {
    return statSync(p).size;
  } catch {
    return 0;
  }
}

/** A store's size on disk, its write-ahead log included. */
const storeBytes = (db: string): number => fileSize(db) + fileSize(`${db}-wal`);

function sum(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

export function statusOf(stores: Stores, loaded: Pick<LoadedConfig, 'files' | 'config'> & { paths: Paths }, pending: string[]): StatusReport {
  const p = loaded.paths;
  const user = stores.user.counts();
  const project = stores.project.counts();
  return {
    project_root: p.projectRoot,
    project_store: { path: p.projectDb, bytes: storeBytes(p.projectDb), exists: existsSync(p.projectDb) },
    user_store: { path: p.userDb, bytes: storeBytes(p.userDb), exists: existsSync(p.userDb) },
    sessions_dir: p.sessionsDir,
    sessions: listSessionIds(p.sessionsDir).length,
    pending_sessions: pending,
    last_summary: stores.sessions.lastSummary(p.projectRoot) ?? null,
    embedder: stores.embedder.id,
    embedder_notice: stores.notice ?? null,
    thresholds: stores.thresholds,
    config_thresholds: { update: loaded.config.dedup.update_threshold, merge: loaded.config.dedup.merge_threshold, retrieval: loaded.config.retrieval.similarity_threshold },
    by_type: sum(user.byType, project.byType),
    by_status: sum(user.byStatus, project.byStatus),
    by_agent: sum(user.byAgent, project.byAgent),
    by_embedder: sum(user.byEmbedder, project.byEmbedder),
    config_files: loaded.files,
    pending_review: pendingReviewCount(stores),
    vector_indexes: annReports(stores, loaded.config.store.ann_min_vectors),
    episodes: stores.project.episodeStats(),
  };
}
