import { dropRepeats, RepeatFilter } from '../distill/index.js';
import type { Candidate, PreparedCandidate, Stores, WriteResult } from '../store/index.js';
import { changesMemory } from '../store/apply-write.js';

/** What a session's processing collects its results in. */
export interface SinkReport {
  written: number;
  results: WriteResult[];
}

/**
 * Where a session's candidates go: exact repeats across segments dropped,
 * then near repeats (dropRepeats), then the stores, in one batch per flush.
 * With an inline embedder the batch is written part by part as the
 * distiller hands them over (Stores.openBatch); otherwise it is collected
 * and written at the flush, one embedding call and one transaction per store.
 */
export interface CandidateSink {
  add: (c: Candidate, prepared?: PreparedCandidate) => void;
  part: () => Promise<void>;
  flush: () => Promise<void>;
  abort: () => void;
}

export function candidateSink(stores: Stores, report: SinkReport): CandidateSink {
  const seen = new Set<string>();
  let pending: Array<{ c: Candidate; prepared?: PreparedCandidate }> = [];
  let repeats = new RepeatFilter();
  let batch = stores.openBatch();
  const record = (rs: WriteResult[]): void => {
    for (const r of rs) {
      report.results.push(r);
      if (changesMemory(r)) report.written++;
    }
  };
  const part = async (): Promise<void> => {
    if (!batch) return;
    const kept = pending.filter((x) => repeats.keep(x.c));
    pending = [];
    if (kept.length)
      record(
        await batch.add(
          kept.map((x) => x.c),
          kept.map((x) => x.prepared),
        ),
      );
  };
  return {
    add: (c, prepared) => {
      const key = `${c.type}\u0000${c.text.replace(/\s+/g, ' ').trim().toLowerCase()}`;
      if (seen.has(key)) return;
      seen.add(key);
      pending.push(prepared ? { c, prepared } : { c });
    },
    part,
    flush: async () => {
      if (batch) {
        await part();
        batch.commit();
        batch = stores.openBatch();
        repeats = new RepeatFilter();
        return;
      }
      const all = pending.map((x) => x.c);
      pending = [];
      record(await stores.writeMany(dropRepeats(all)));
    },
    abort: () => batch?.abort(),
  };
}

