import type { Statement as SqlStatement } from 'better-sqlite3';
import { equalValue, headOf, matchSubjects } from '../text/subject-key.js';
import { productVersion } from '../text/statement-tools.js';
import type { MemoryType } from './types.js';
import type { SubjectPeer } from './subject-decision.js';

/** A current memory that states a value, as a write batch sees it. */
interface Entry {
  id: number;
  type: MemoryType;
  dir: string;
  text: string;
  supplement: string;
  key: string;
  /** The subject as first written ("preview server port"). */
  subject: string;
  /** Its head word (headOf), when the subject was written. */
  head: string | undefined;
  value: string;
  createdAt: number;
  reviewedAt: number | null;
  /** The product its value names at a version, if any (statement-tools.ts). */
  product: string | undefined;
}

interface Row {
  id: number;
  type: MemoryType;
  dir: string;
  text: string;
  supplement: string;
  subject_key: string;
  subject: string | null;
  value: string | null;
  created_at: number;
  reviewed_at: number | null;
}

const COLUMNS = 'id, type, dir, text, supplement, subject_key, subject, value, created_at, reviewed_at';

function entryOf(r: Row): Entry {
  return { id: r.id, type: r.type, dir: r.dir, text: r.text, supplement: r.supplement, key: r.subject_key, subject: r.subject ?? r.subject_key, head: r.subject ? headOf(r.subject) : undefined, value: r.value ?? '', createdAt: r.created_at, reviewedAt: r.reviewed_at, product: productVersion(r.value ?? '')?.product };
}

/** Where a memory of this type and directory could be folded: the same directory, or any global for a global. */
/** Whether a memory is where one of this type and directory belongs: globals with globals, the rest by directory. */
export const inScope = (e: { type: MemoryType; dir: string }, type: MemoryType, dir: string): boolean => (type === 'global' ? e.type === 'global' : e.type !== 'global' && e.dir === dir);

/**
 * The current memories of every subject in a store, read once per write
 * batch and kept in step with its writes: a session's statements are
 * matched against them by the words of their keys, without a query each.
 */
export class SubjectIndex {
  private readonly entries = new Map<number, Entry>();
  private readonly byWord = new Map<string, Set<number>>();
  /** Memories whose value names a product at a version, by the product. */
  private readonly byProduct = new Map<string, Set<number>>();

  static load(stmt: (sql: string) => SqlStatement): SubjectIndex {
    const index = new SubjectIndex();
    const rows = stmt(`SELECT ${COLUMNS} FROM memories WHERE status = 'active' AND subject_key IS NOT NULL`).all() as Row[];
    for (const r of rows) index.add(entryOf(r));
    return index;
  }

  /** Reads one memory again after this batch wrote it: current with a subject, it is in; otherwise out. */
  refresh(stmt: (sql: string) => SqlStatement, id: number): void {
    const r = stmt(`SELECT ${COLUMNS}, status FROM memories WHERE id = ?`).get(id) as (Row & { status: string }) | undefined;
    if (r && r.status === 'active' && r.subject_key) this.add(entryOf(r));
    else this.remove(id);
  }

  add(e: Entry): void {
    this.remove(e.id);
    this.entries.set(e.id, e);
    for (const w of e.key.split(' ')) {
      let ids = this.byWord.get(w);
      if (!ids) this.byWord.set(w, (ids = new Set()));
      ids.add(e.id);
    }
    if (e.product) {
      let ids = this.byProduct.get(e.product);
      if (!ids) this.byProduct.set(e.product, (ids = new Set()));
      ids.add(e.id);
    }
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  remove(id: number): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    for (const w of e.key.split(' ')) this.byWord.get(w)?.delete(id);
    if (e.product) this.byProduct.get(e.product)?.delete(id);
  }

  /**
   * The known subjects a sentence's words could name, where a memory of this
   * type and directory belongs (text/frame-match.ts decides which it names):
   * each subject once, with its type, from its current memories.
   */
  subjectsNamed(words: Set<string>, type: MemoryType, dir: string): Array<{ key: string; subject: string; value: string; type: MemoryType }> {
    const out = new Map<string, { key: string; subject: string; value: string; type: MemoryType }>();
    for (const w of words) {
      for (const id of this.byWord.get(w) ?? []) {
        const e = this.entries.get(id);
        if (!e || out.has(e.key) || !inScope(e, type, dir)) continue;
        out.set(e.key, { key: e.key, subject: e.subject, value: e.value, type: e.type });
      }
    }
    return [...out.values()];
  }

  /**
   * The one subject whose current value, where a memory of this type and
   * directory belongs, is `value` word for word: what a change said only by
   * its values ("from pnpm to bun", text/change-of-value.ts) changed. None
   * when no subject holds it, or when several do (which one is not said);
   * "pnpm" is not the test command "pnpm test:unit".
   */
  subjectHolding(value: string, type: MemoryType, dir: string): { key: string; subject: string; type: MemoryType } | undefined {
    let found: Entry | undefined;
    for (const e of this.entries.values()) {
      if (!inScope(e, type, dir) || !e.value || !equalValue(e.value, value)) continue;
      if (found && found.key !== e.key) return undefined;
      found = e;
    }
    return found && { key: found.key, subject: found.subject, type: found.type };
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Current memories whose subject is, or may be, `key`, where a memory of
   * this type and directory could be folded: the same directory, or any
   * global for a global.
   */
  peersOf(key: string, type: MemoryType, dir: string, value = '', subject?: string): SubjectPeer[] {
    const head = subject === undefined ? undefined : headOf(subject);
    const seen = new Set<number>();
    const out: SubjectPeer[] = [];
    const consider = (id: number, match: SubjectPeer['match'] | undefined): void => {
      if (seen.has(id)) return;
      const e = this.entries.get(id);
      if (!e || !inScope(e, type, dir)) return;
      const m = match ?? matchSubjects(key, e.key, [head, e.head]);
      if (m === 'different') return;
      seen.add(id);
      out.push({ id, type: e.type, text: e.text, supplement: e.supplement, similarity: 1, curated: e.reviewedAt !== null, value: e.value, match: m, createdAt: e.createdAt, reviewedAt: e.reviewedAt });
    };
    for (const w of key.split(' ')) for (const id of this.byWord.get(w) ?? []) consider(id, undefined);
    // "Python 3.12" after "The pipeline runs on Python 3.10": one product at two versions is one thing, whatever each sentence called it.
    const product = productVersion(value)?.product;
    if (product) for (const id of this.byProduct.get(product) ?? []) consider(id, 'same');
    return out;
  }
}
