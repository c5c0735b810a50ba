import { hasMarker } from '../text/markers.js';
import { summaryHead } from '../text/session-summary.js';
import type { Segment } from '../segmenter/index.js';
import { cleanLine } from './sentences.js';
import { clipChars, isTrivia, weightedLength } from '../text/index.js';

/** Design: a summarizer command sees input already condensed to a few hundred tokens. */
export const CONDENSED_MAX_CHARS = 1600;
/**
 * The whole input of the one summarizer call, turns included, in weighted
 * characters (a CJK character counts two): about 2k tokens, so the call
 * stays under 3k tokens per session with its prompt and reply.
 */
export const SUMMARIZER_INPUT_MAX = 4000;
const TURN_USER_CHARS = 200;
const TURN_REPLY_CHARS = 500;
const SUMMARY_MAX_CHARS = 400;

/**
 * parts.join(sep), clipped to n code points: the same text as clipping the
 * whole join, but parts stop being joined once the clip is sure to cut (a
 * code point is at most two UTF-16 units, so 2n + 2 units hold more than n).
 */
function joinClipped(parts: string[], sep: string, n: number): string {
  const kept: string[] = [];
  let units = 0;
  for (const p of parts) {
    kept.push(p);
    units += p.length + sep.length;
    if (units >= 2 * n + 2) break;
  }
  return clipChars(kept.join(sep), n);
}

/** The user's requests in a segment, cleaned, in order. */
export function requestsOf(seg: Segment, marker: string): string[] {
  return seg.turns
    .map((t) => cleanLine(t.user))
    .filter((u) => [...u].length >= 4 && !hasMarker(u, marker) && !isTrivia(u) && !QUIT.test(u))
    .slice(0, 8);
}

/** Leaving the CLI is not a request worth summarising. */
const QUIT = /^\/?(?:exit|quit|q|bye|logout)$/i;

/**
 * Pure, extractive: what was asked, what was concluded, what was touched.
 * This is the default summary and the input to an optional summarizer.
 */
export function condense(requests: string[], conclusions: string[], entities: string[], lang: 'zh' | 'en'): string {
  const zh = lang === 'zh';
  const parts: string[] = [];
  if (requests.length) parts.push(`${zh ? '请求' : 'Asked'}: ${requests.map((r) => clipChars(r, 120)).join('; ')}`);
  if (conclusions.length) parts.push(`${zh ? '结论' : 'Concluded'}: ${joinClipped(conclusions.map((c) => clipChars(c, 200)), ' ', CONDENSED_MAX_CHARS)}`);
  if (entities.length) parts.push(`${zh ? '涉及' : 'Touched'}: ${entities.slice(0, 15).join(', ')}`);
  return clipChars(parts.join('\n'), CONDENSED_MAX_CHARS);
}

/** The one-line summary stored for the session (and used by the next launch query). */
export function extractiveSummary(agent: string, requests: string[], entities: string[], lang: 'zh' | 'en'): string {
  if (requests.length === 0 && entities.length === 0) return '';
  const zh = lang === 'zh';
  const head = summaryHead(agent, zh);
  const asked = requests.slice(0, 3).map((r) => clipChars(r, 100)).join(zh ? '；' : '; ');
  const touched = entities.length ? `${zh ? '；涉及 ' : '; touched '}${entities.slice(0, 8).join(', ')}` : '';
  return clipChars(`${head}${asked}${touched}`, SUMMARY_MAX_CHARS);
}

/** Cuts a text to at most `max` weighted characters (CJK counts two). */
export function clipWeighted(s: string, max: number): string {
  if (weightedLength(s) <= max) return s;
  // The longest prefix that weighs at most max - 1, found by halving: a
  // prefix weighs no less than a shorter one. Adding one character at a time
  // and weighing the whole prefix again cost a one-hour session's summarizer
  // input 0.15 s (quadratic). The weight trims, so whitespace weighs
  // nothing before the first character or after the last; every other
  // character weighs at least one. So, past the leading whitespace, the
  // answer is within the next max characters, plus the whitespace that
  // follows them when they all fit.
  const lead = s.length - s.trimStart().length;
  const head = Array.from(s.slice(lead, lead + 2 * max)).slice(0, max);
  let lo = 0;
  let hi = head.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (weightedLength(head.slice(0, mid).join('')) <= max - 1) lo = mid;
    else hi = mid - 1;
  }
  const kept = head.slice(0, lo).join('');
  let tail = '';
  if (lo === head.length) {
    const ws = /\s*/y;
    ws.lastIndex = lead + kept.length;
    tail = ws.exec(s)?.[0] ?? '';
  }
  return `${s.slice(0, lead)}${kept}${tail}…`;
}

/** A turn's reply sentences as turnTranscript shows them: joined no further than it keeps. */
export function transcriptReply(sentences: string[]): string {
  return joinClipped(sentences, ' ', TURN_REPLY_CHARS);
}

/**
 * The turns as the summarizer sees them, each tagged with its moment so a
 * memory it returns can say where it came from: "[t=12.5] user: …".
 */
export function turnTranscript(turns: Array<{ t: number; user: string; reply: string }>): string {
  const lines: string[] = [];
  for (const turn of turns) {
    const tag = `[t=${turn.t.toFixed(1)}]`;
    if (turn.user) lines.push(`${tag} user: ${clipChars(turn.user, TURN_USER_CHARS)}`);
    if (turn.reply) lines.push(`${tag} assistant: ${clipChars(turn.reply, TURN_REPLY_CHARS)}`);
  }
  return lines.join('\n');
}
