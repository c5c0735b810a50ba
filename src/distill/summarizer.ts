/**
 * A summarizer turns condensed session text into a short summary. The
 * default is the local extractive one (no model). An optional command
 * (distill.summarizer) is called at most once per session; its runner
 * lives in cli/, where I/O belongs.
 */
export interface Summarizer {
  summarize(condensed: string): Promise<string | undefined>;
}

export const extractive: Summarizer = {
  summarize: () => Promise.resolve(undefined),
};

/** A reply is usable if it is plain text of a sensible length. */
export function cleanSummary(reply: string): string | undefined {
  const t = reply.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').trim();
  if (!t || t.length > 2000) return undefined;
  return t.split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
}
