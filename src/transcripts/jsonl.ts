/**
 * The lenient reading every CLI's transcript gets: one JSON object per line,
 * broken lines (a cut-off last line, a stray write) counted and skipped,
 * never thrown. Pure.
 */
export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function jsonObjects(text: string): { objects: Json[]; malformed: number } {
  const objects: Json[] = [];
  let malformed = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const o: unknown = JSON.parse(line);
      if (isObject(o)) objects.push(o);
      else malformed++;
    } catch {
      malformed++;
    }
  }
  return { objects, malformed };
}

/** Epoch milliseconds of an ISO timestamp, 0 when absent or broken. */
export function epochMs(v: unknown): number {
  const at = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isFinite(at) ? at : 0;
}

/** Text the CLI put into a prompt itself (context, reminders, instructions): a tag opens it. */
export function isInjected(text: string): boolean {
  return /^<[a-z_-]+[\s>]/i.test(text.trim()) || /^# AGENTS\.md instructions/.test(text.trim());
}

const OUTPUT_TAIL_CHARS = 300;

export function outputTail(s: string): string {
  const t = s.trim();
  return t.length > OUTPUT_TAIL_CHARS ? `…${t.slice(-OUTPUT_TAIL_CHARS)}` : t;
}
