import type { AnnBuildResult } from './ann.js';
import type { AnnMeta, AnnState } from './ann-state.js';
import { StoreCuration } from './store-curation.js';
import type { MemoryType } from './types.js';
import { isEpisode } from '../text/episode.js';
import { addEpisodes, scrubEpisodes, dropEpisode, dropEpisodesBefore, dropEpisodesOfSessions, episodeStats, episodeTimeline, getEpisode, searchEpisodes, type Episode, type EpisodeResult, type EpisodeSearch, type Said } from './episodes.js';

export { contentHash, capSupplement, MAX_SUPPLEMENT_CHARS } from './write-decision.js';
export type { BatchWrite } from './store-write.js';

/** Heat at or above this keeps an old memory from being archived. */
export const HOT_HEAT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One SQLite store (the project's or the user's). It is handed its
 * connection and embedder; it never decides file paths. Reading, writing
 * and curation are the layers below (store-read, store-write,
 * store-curation); here is the upkeep: heat, decay, counts, re-embedding,
 * the approximate vector index.
 */
export class MemoryStore extends StoreCuration {
  /** What was said, into the episode index (store/episodes.ts); returns the passages added. A store that cannot take writes keeps what it had. */
  addEpisodes(said: Said[]): number {
    if (said.length === 0 || !this.writable || !this.hasEpisodes()) return 0;
    return this.run(() => this.db.transaction(() => addEpisodes(this.stmt, said))());
  }

  searchEpisodes(question: string, o: EpisodeSearch): EpisodeResult {
    if (!this.hasEpisodes()) return { hits: [], weight: () => 1 };
    return this.run(() => searchEpisodes(this.stmt, question, o));
  }

  /** False on a store read as it was, before the step that adds the index (a read-only snapshot of an old store). */
  private hasEpisodes(): boolean {
    return this.stmt("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'episodes'").get() !== undefined;
  }

  getEpisode(id: number): Episode | undefined {
    return this.run(() => getEpisode(this.stmt, id));
  }

  episodeTimeline(id: number, around = 3): Episode[] {
    return this.run(() => episodeTimeline(this.stmt, id, around));
  }

  episodeStats(): { passages: number; sessions: number; chars: number } {
    if (!this.hasEpisodes()) return { passages: 0, sessions: 0, chars: 0 };
    return this.run(() => episodeStats(this.stmt));
  }

  /** forget --scrub-logs: what these sessions said leaves the index too. */
  dropEpisodesOfSessions(sessionIds: string[]): number {
    if (sessionIds.length === 0 || !this.writable || !this.hasEpisodes()) return 0;
    return this.run(() => this.db.transaction(() => dropEpisodesOfSessions(this.stmt, sessionIds))());
  }

  /** forget --scrub-logs: the forgotten text leaves the passages that hold it. */
  scrubEpisodes(text: string): number {
    if (!this.writable || !this.hasEpisodes()) return 0;
    return this.run(() => this.db.transaction(() => scrubEpisodes(this.stmt, text, '[forgotten]'))());
  }

  /** One passage of what was said, gone for good (forget e12). */
  dropEpisode(id: number): boolean {
    if (!this.writable || !this.hasEpisodes()) return false;
    return this.run(() => this.db.transaction(() => dropEpisode(this.stmt, id))());
  }

  /** Log retention: passages older than the logs kept. */
  dropEpisodesBefore(before: number): number {
    if (!this.writable || !this.hasEpisodes()) return 0;
    return this.run(() => this.db.transaction(() => dropEpisodesBefore(this.stmt, before))());
  }

  /** Injected memories: heat + 1 and last access now. */
  touch(rowids: number[], now = Date.now()): void {
    // Heat is a ranking hint: a read-only store simply keeps what it had.
    if (rowids.length === 0 || !this.writable) return;
    this.run(() =>
      this.stmt('UPDATE memories SET heat = heat + 1, last_accessed_at = ? WHERE id IN (SELECT value FROM json_each(?))')
        .run(now, JSON.stringify(rowids)),
    );
  }

  /**
   * Lazy decay: facts not accessed for `days` and still cold are archived
   * (kept, shown with --archived, never injected). Returns how many. Only
   * episodes decay: a memory that is the current value of its subject stays
   * true until a newer value replaces it, asked for or not.
   */
  archiveCold(days: number, now = Date.now()): number {
    if (!this.writable) return 0;
    // `+heat`: the range is on last_accessed_at (memories_decay), which finds
    // only the cold few; on heat it would read every fact. Of those, only
    // episodes decay (text/episode.ts): a fact that states how things are,
    // in words no pattern read, is state and stays.
    const n = this.run(() => {
      const cold = this.stmt("SELECT id, text FROM memories WHERE status = 'active' AND type = 'fact' AND last_accessed_at < ? AND +heat < ? AND subject_key IS NULL").all(
        now - days * DAY_MS,
        HOT_HEAT,
      ) as Array<{ id: number; text: string }>;
      const archive = this.stmt("UPDATE memories SET status = 'archived' WHERE id = ?");
      return cold.filter((r) => isEpisode(r.text)).reduce((k, r) => k + archive.run(r.id).changes, 0);
    });
    if (n > 0) this.markChanged();
    return n;
  }

  counts(): { byType: Record<string, number>; byStatus: Record<string, number>; byAgent: Record<string, number>; byEmbedder: Record<string, number> } {
    return this.run(() => {
      const group = (col: string): Record<string, number> =>
        Object.fromEntries(
          (this.stmt(`SELECT ${col} AS k, COUNT(*) AS n FROM memories GROUP BY ${col}`).all() as Array<{ k: string; n: number }>).map((r) => [
            r.k,
            r.n,
          ]),
        );
      return { byType: group('type'), byStatus: group('status'), byAgent: group('agent'), byEmbedder: group('embedder_id') };
    });
  }

  /** Re-embeds every memory with the current embedder; reports progress. */
  async reindex(onProgress: (done: number, total: number) => void, batch = 32): Promise<number> {
    this.requireWritable();
    const all = this.run(() => this.stmt('SELECT id, text, type FROM memories ORDER BY id').all() as Array<{ id: number; text: string; type: MemoryType }>);
    for (let i = 0; i < all.length; i += batch) {
      const part = all.slice(i, i + batch);
      const vectors = await this.embedder.embed(part.map((p) => p.text));
      this.run(() =>
        this.db
          .transaction(() => {
            part.forEach((p, j) => {
              const v = vectors[j];
              if (!v) return;
              this.vectors.replace(p.id, v, p.type);
              this.stmt('UPDATE memories SET embedder_id = ? WHERE id = ?').run(this.embedder.id, p.id);
            });
          })
          .immediate(),
      );
      onProgress(Math.min(i + batch, all.length), all.length);
    }
    if (all.length) this.markChanged();
    return all.length;
  }

  annStatus(minVectors: number): { state: AnnState; vectors: number; meta?: AnnMeta } {
    return this.run(() => this.vectors.annStatus(minVectors));
  }

  /** Builds the approximate vector index from this store's vectors (ann.ts). */
  buildAnn(): AnnBuildResult | undefined {
    return this.run(() => this.vectors.buildAnn());
  }
}
