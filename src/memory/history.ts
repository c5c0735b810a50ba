import { matchSubjects, subjectKey } from '../text/subject-key.js';
import { timeAspectOf } from '../text/time-value.js';
import type { Memory } from '../store/index.js';

/** One value a subject held, and when. */
export interface HistoryEntry {
  memory: Memory;
  /** When it became true (when it was said). */
  from: number;
  /** When a newer value replaced it; undefined while it is current. */
  to?: number;
}

/** A subject and the values it held, oldest first. */
export interface SubjectHistory {
  subject: string;
  key: string;
  values: HistoryEntry[];
}

/**
 * Pure: the subjects that `asked` names (in any wording or language) and
 * the values each held over time, from every memory, current or history.
 * A subject the words only may name (one word of a longer subject) is
 * included too: a person asking for "port" wants to see every port.
 */
export function historyOf(asked: string, memories: Memory[]): SubjectHistory[] {
  // "release day" asks for the release's time, as a time said of it was stored (time-value.ts).
  const key = subjectKey(timeAspectOf(asked) ?? asked);
  if (!key) return [];
  const bySubject = new Map<string, SubjectHistory>();
  for (const m of memories) {
    if (!m.subjectKey || matchSubjects(key, m.subjectKey) === 'different') continue;
    let h = bySubject.get(m.subjectKey);
    if (!h) bySubject.set(m.subjectKey, (h = { subject: m.subject ?? m.subjectKey, key: m.subjectKey, values: [] }));
    h.values.push({ memory: m, from: m.createdAt, ...(m.validTo !== null ? { to: m.validTo } : {}) });
  }
  const out = [...bySubject.values()];
  for (const h of out) {
    h.values.sort((a, b) => a.from - b.from || a.memory.rowid - b.memory.rowid);
    // The subject as it was last written.
    h.subject = h.values.at(-1)?.memory.subject ?? h.subject;
  }
  // The subject asked for exactly first, then the others by when they last changed.
  return out.sort((a, b) => Number(b.key === key) - Number(a.key === key) || (b.values.at(-1)?.from ?? 0) - (a.values.at(-1)?.from ?? 0));
}
