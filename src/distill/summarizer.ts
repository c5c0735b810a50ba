/**
 * A summarizer turns condensed session text into a short summary and, if it
 * likes, memory candidates. The default is the local extractive one (no
 * model). An optional command (distill.summarizer) is called at most once
 * per session; its runner lives in memory/, where I/O belongs.
 *
 * The command may answer in plain text (the summary), or in JSON:
 *
 *   {"summary": "…", "memories": [{"text": "…", "type": "project", "t": 12.5}]}
 *
 * `type` is global, project or fact; `t` is the moment (seconds into the
 * session, as the input's [t=…] tags give it). The memories go through the
 * same filters, redaction and dedup as the local ones.
 */
import { MEMORY_TYPES, type MemoryType } from '../text/index.js';

export interface SummarizerMemory {
  text: string;
  type: MemoryType;
  t: number | undefined;
}

export interface SummarizerReply {
  summary: string | undefined;
  memories: SummarizerMemory[];
}

export interface Summarizer {
  summarize(condensed: string): Promise<SummarizerReply | undefined>;
}

export const extractive: Summarizer = {
  summarize: () => Promise.resolve(undefined),
};

/** A reply's memories beyond this many are ignored: one call, a few memories. */
export const MAX_SUMMARIZER_MEMORIES = 8;
const MAX_REPLY_CHARS = 20_000;

const stripAnsi = (s: string): string => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

/** A plain-text reply is usable if it is of a sensible length. */
export function cleanSummary(reply: string): string | undefined {
  const t = stripAnsi(reply).trim();
  if (!t || t.length > 2000) return undefined;
  return t.split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
}

function asMemory(v: unknown): SummarizerMemory | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  const text = typeof o['text'] === 'string' ? o['text'].trim() : '';
  const type = typeof o['type'] === 'string' && (MEMORY_TYPES as readonly string[]).includes(o['type']) ? (o['type'] as MemoryType) : undefined;
  if (!text || !type || text.length > 1000) return undefined;
  const t = typeof o['t'] === 'number' && Number.isFinite(o['t']) && o['t'] >= 0 ? o['t'] : undefined;
  return { text, type, t };
}

/**
 * Pure: a summarizer's stdout to a summary and memories. JSON (in a code
 * fence or not) with the documented shape, or else plain text taken as the
 * summary. Malformed entries are dropped one by one; nothing here throws.
 */
export function parseSummarizerReply(reply: string): SummarizerReply | undefined {
  const raw = stripAnsi(reply).trim();
  if (!raw || raw.length > MAX_REPLY_CHARS) return undefined;
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(raw)?.[1] ?? raw;
  if (fenced.startsWith('{')) {
    try {
      const o = JSON.parse(fenced) as Record<string, unknown>;
      const summary = typeof o['summary'] === 'string' ? cleanSummary(o['summary']) : undefined;
      const list = Array.isArray(o['memories']) ? o['memories'] : [];
      const memories = list.map(asMemory).filter((m): m is SummarizerMemory => m !== undefined).slice(0, MAX_SUMMARIZER_MEMORIES);
      return { summary, memories };
    } catch {
      // Not JSON after all: a summary that starts with a brace.
    }
  }
  const summary = cleanSummary(raw);
  return summary ? { summary, memories: [] } : undefined;
}
