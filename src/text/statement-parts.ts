/**
 * The parts of a text that each state the value of a different subject:
 * "包管理器用 pnpm，测试命令是 pnpm test:unit" states the package manager and
 * the test command. A memory keeps one subject (its first), so when a newer
 * value of that subject replaces it, what it said of the others would go to
 * history with it and leave the block. `remainderWithout` gives those other
 * parts, in the user's own words, to be kept as a memory of their own. Pure.
 */
import { statementOf } from './statement.js';

interface Part {
  start: number;
  end: number;
  /** The subject key the part states, and its value; undefined for a part stating none. */
  key?: string;
  value?: string;
}

/**
 * Where a clause ends: a sentence end, a line break, a Chinese or ASCII
 * semicolon or comma (ASCII ones only before a space: "a,b" and "1.5" are
 * tokens), or an English "and"/"but" between clauses.
 */
const CLAUSE_END = /[。！？!?\n；，]+|[;,.](?=\s|$)|\s+(?:and|but)\s+/giu;

/** The clauses of a text, each a slice with its separator at the end. */
function clausesOf(text: string): Array<{ start: number; end: number; body: string }> {
  const out: Array<{ start: number; end: number; body: string }> = [];
  let start = 0;
  for (const m of text.matchAll(CLAUSE_END)) {
    const end = (m.index ?? 0) + m[0].length;
    out.push({ start, end, body: text.slice(start, m.index).trim() });
    start = end;
  }
  if (start < text.length) out.push({ start, end: text.length, body: text.slice(start).trim() });
  return out.filter((c) => c.body.length > 0);
}

/**
 * The text in parts by subject: a clause stating a subject opens a part,
 * and the clauses after it that state nothing, or the same subject, belong
 * to it ("测试命令是 pnpm test:unit，不要用 npm test" is one part). Clauses
 * before the first statement belong to the first part.
 */
export function statementParts(text: string): Part[] {
  const parts: Part[] = [];
  for (const c of clausesOf(text)) {
    const st = statementOf(c.body);
    const key = st?.key;
    const last = parts[parts.length - 1];
    if (last && (key === undefined || key === last.key)) last.end = c.end;
    else if (last && last.key === undefined) Object.assign(last, { end: c.end, key, value: st?.value });
    else parts.push({ start: c.start, end: c.end, ...(st ? { key: st.key, value: st.value } : {}) });
  }
  return parts;
}

const TRAILING = /(?:[\s，,；;、]|\s(?:and|but))+$/iu;

/**
 * What the text states of its other subjects once `key`'s part is gone: the
 * parts of every other subject, in order and in their own words; undefined
 * when the text states one subject only, or none of the rest is to be kept.
 * `keep(key)`: whether a part about that subject still holds (a newer value
 * said elsewhere makes it history too).
 */
export function remainderWithout(text: string, key: string, keep: (key: string) => boolean = () => true): string | undefined {
  const parts = statementParts(text);
  if (!parts.some((p) => p.key === key) || new Set(parts.map((p) => p.key)).size < 2) return undefined;
  const kept = parts.filter((p) => p.key !== undefined && p.key !== key && keep(p.key));
  if (kept.length === 0) return undefined;
  const rest = kept
    .map((p) => text.slice(p.start, p.end))
    .join('')
    .replace(TRAILING, '')
    .trim();
  // The remainder must still say something of its own, and not the subject it left.
  const st = rest ? statementOf(rest) : undefined;
  return st && st.key !== key ? rest : undefined;
}
