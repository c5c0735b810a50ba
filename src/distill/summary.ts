import type { Segment } from '../segmenter/index.js';
import { cleanLine } from './sentences.js';
import { isTrivia } from '../text/index.js';

/** Design: a summarizer command sees input already condensed to a few hundred tokens. */
export const CONDENSED_MAX_CHARS = 1600;
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
