import type { Segment } from '../segmenter/index.js';
import { cleanLine } from './sentences.js';
import { isTrivia, weightedLength } from '../text/index.js';

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

function clip(s: string, n: number): string {
  const chars = [...s];
  return chars.length > n ? `${chars.slice(0, n - 1).join('')}…` : s;
}

/** The user's requests in a segment, cleaned, in order. */
export function requestsOf(seg: Segment, marker: string): string[] {
  return seg.turns
    .map((t) => cleanLine(t.user))
    .filter((u) => [...u].length >= 4 && !u.includes(marker) && !isTrivia(u) && !QUIT.test(u))
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
  if (requests.length) parts.push(`${zh ? '请求' : 'Asked'}: ${requests.map((r) => clip(r, 120)).join('; ')}`);
  if (conclusions.length) parts.push(`${zh ? '结论' : 'Concluded'}: ${conclusions.map((c) => clip(c, 200)).join(' ')}`);
  if (entities.length) parts.push(`${zh ? '涉及' : 'Touched'}: ${entities.slice(0, 15).join(', ')}`);
  return clip(parts.join('\n'), CONDENSED_MAX_CHARS);
}

/** The one-line summary stored for the session (and used by the next launch query). */
export function extractiveSummary(agent: string, requests: string[], entities: string[], lang: 'zh' | 'en'): string {
  if (requests.length === 0 && entities.length === 0) return '';
  const zh = lang === 'zh';
  const head = zh ? `${agent} 会话：` : `${agent} session: `;
  const asked = requests.slice(0, 3).map((r) => clip(r, 100)).join(zh ? '；' : '; ');
  const touched = entities.length ? `${zh ? '；涉及 ' : '; touched '}${entities.slice(0, 8).join(', ')}` : '';
  return clip(`${head}${asked}${touched}`, SUMMARY_MAX_CHARS);
}

/** Cuts a text to at most `max` weighted characters (CJK counts two). */
export function clipWeighted(s: string, max: number): string {
  if (weightedLength(s) <= max) return s;
  let out = '';
  for (const ch of s) {
    if (weightedLength(out + ch) > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}

/**
 * The turns as the summarizer sees them, each tagged with its moment so a
 * memory it returns can say where it came from: "[t=12.5] user: …".
 */
export function turnTranscript(turns: Array<{ t: number; user: string; reply: string }>): string {
  const lines: string[] = [];
  for (const turn of turns) {
    const tag = `[t=${turn.t.toFixed(1)}]`;
    if (turn.user) lines.push(`${tag} user: ${clip(turn.user, TURN_USER_CHARS)}`);
    if (turn.reply) lines.push(`${tag} assistant: ${clip(turn.reply, TURN_REPLY_CHARS)}`);
  }
  return lines.join('\n');
}
