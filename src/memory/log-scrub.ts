import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Paths } from '../config/index.js';
import { FILE_MODE } from '../fs-private.js';
import { castPath, isLive, listSessionIds, markDone } from '../pty/session-files.js';
import { parseEventLine, encodeEvent } from '../pty/asciicast.js';

/** What a scrubbed passage becomes in a log: shorter than any memory, so offsets only shrink. */
export const SCRUBBED = '[forgotten]';

/**
 * Replaces every occurrence of `text` inside the events of the session logs
 * (what was shown and what was typed), so a forgotten memory does not stay
 * behind in the raw record. Logs are rewritten atomically; live ones are
 * left alone and reported. Returns how many occurrences went, per log.
 */
export function scrubLogs(paths: Paths, text: string): { scrubbed: Record<string, number>; skippedLive: string[] } {
  const dir = paths.sessionsDir;
  const out = { scrubbed: {} as Record<string, number>, skippedLive: [] as string[] };
  const needle = text.trim();
  if (needle.length <= SCRUBBED.length) return out;
  for (const id of listSessionIds(dir)) {
    const file = castPath(dir, id);
    let raw: string;
    try {
      raw = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (!raw.includes(JSON.stringify(needle).slice(1, -1)) && !raw.includes(needle)) continue;
    if (isLive(dir, id)) {
      out.skippedLive.push(id);
      continue;
    }
    let n = 0;
    const lines = raw.split('\n').map((line, i) => {
      if (i === 0 || !line) return line;
      const e = parseEventLine(line);
      if (!e || !e.data.includes(needle)) return line;
      n += e.data.split(needle).length - 1;
      return encodeEvent({ ...e, data: e.data.split(needle).join(SCRUBBED) }).trimEnd();
    });
    if (n === 0) continue;
    const tmp = `${file}.${process.pid}.scrub`;
    writeFileSync(tmp, lines.join('\n'), { mode: FILE_MODE });
    renameSync(tmp, file);
    // Shorter than before, so the processed offset still covers it.
    markDone(dir, id);
    out.scrubbed[id] = n;
  }
  return out;
}
