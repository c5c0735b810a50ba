/**
 * Values stated the way coding sessions state them, not in a sentence of
 * their own:
 *
 * - an exchange: the assistant proposes a value, the user accepts it ("yes,
 *   go with 2500", "提吧，1800"). The pair is one statement, and the user's:
 *   the proposal's sentence, its question and hedge taken off, with the
 *   user's words after it. A refusal ("no, keep 500") accepts nothing.
 * - a diff: a removed and an added line of one key ("- timeout_ms = 500",
 *   "+ timeout_ms = 2500") say the key's new value and its old one.
 *
 * Pure: turns in, statements out (distill.ts makes them candidates).
 */
import { sentencesOf } from './sentences.js';

/** A short acceptance, in either language; what follows it may name the value. */
const ACCEPT = /^(?:yes|yep|yeah|ok(?:ay)?|sure|sounds good|go (?:with|for|ahead)|do it|let'?s (?:do|go)|agreed|lgtm|ship it|approved|好的?|行|可以|就这样|就这么办|提吧|提交吧|就用|用吧|同意|没问题|对)(?:[\s,，!！.。:：]|$)/i;
const DECLINE = /^(?:no|nope|not|don'?t|never|keep|不|别|算了|先不|还是|保持)/i;
/** An acceptance is a line, not a paragraph. */
const ACCEPT_MAX = 80;
/** A value as the user repeats it: a number (with its unit or not) or a code-like token. */
const VALUE = /\d[\d.,:]*|[A-Za-z][\w.-]*[./_-][\w./-]+/;
const VALUES = new RegExp(VALUE.source, 'g');
/** A proposal's lead ("I'd", "I suggest", 建议, 要不) and its closing question ("— ok?", "，要提交吗？"). */
const LEAD = /^(?:(?:so|ok(?:ay)?)[,，]?\s*)?(?:i(?:'d| would) (?:suggest|propose|recommend)?\s*|i suggest\s+|i propose\s+|i recommend\s+|how about\s+|shall we\s+|should we\s+|we could\s+|建议|要不|我建议|可以考虑)/i;
const TAIL_QUESTION = /\s*[,，—–-]+\s*[^,，—–。.!?！？]{0,30}[?？]\s*$|\s*[,，]\s*[^,，。]{0,12}[吗呢][?？]?\s*$/u;

export interface Agreed {
  /** The index of the user's turn that accepted it. */
  turn: number;
  text: string;
}

/** The statements the user accepted: one per accepting turn at most. */
export function acceptedProposals(turns: Array<{ user: string; reply: string[] }>): Agreed[] {
  const out: Agreed[] = [];
  for (let k = 1; k < turns.length; k++) {
    const user = (turns[k]?.user ?? '').trim();
    if (!user || [...user].length > ACCEPT_MAX || !ACCEPT.test(user) || DECLINE.test(user)) continue;
    const sentences = sentencesOf(turns[k - 1]?.reply ?? []).filter((s) => VALUE.test(s));
    const named = user.match(VALUES) ?? [];
    // The value the user repeats picks the sentence; with none, the proposal is the last sentence that asks.
    const pick = named.length
      ? [...sentences].reverse().find((s) => named.some((v) => s.includes(v)))
      : [...sentences].reverse().find((s) => /[?？]|[吗呢]\s*$/u.test(s.trim()));
    if (!pick) continue;
    // A proposal asked whole ("Shall we set the TTL to 300 s?") loses its mark; one asked after it ("…, ok?") its question.
    const stated = pick.trim().replace(TAIL_QUESTION, '').replace(/[?？]\s*$/u, '').replace(LEAD, '').trim();
    if (stated.length < 8) continue;
    out.push({ turn: k, text: `${stated} — ${user}` });
  }
  return out;
}

const DIFF_LINE = /^\s*([-+])\s*(["']?)([A-Za-z_][\w.-]*)\2\s*([:=])\s*(.+?)[,;]?\s*$/;

/** `key = new (was old)` for each key a diff removes and adds again with another value. */
export function diffChanges(lines: string[]): string[] {
  const removed = new Map<string, string>();
  const out: string[] = [];
  for (const line of lines) {
    const m = DIFF_LINE.exec(line);
    if (!m) continue;
    const [, sign, , key = '', , value = ''] = m;
    if (sign === '-') removed.set(key, value);
    else {
      const old = removed.get(key);
      if (old !== undefined && old !== value) out.push(`${key} = ${value} (was ${old})`);
      removed.delete(key);
    }
  }
  return out;
}
