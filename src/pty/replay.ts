import { createReadStream } from 'node:fs';
import { CastFormatError, parseEventLine, parseHeader, type CastHeader } from './asciicast.js';
import type { SessionEvent } from './events.js';
import { ScreenFeeder, ScreenModel, type ScreenLine } from './screen.js';

/** What the distiller needs of a log, read as a stream: memory follows the screen, not the log. */
export interface Replay {
  header: CastHeader;
  /**
   * Input and resize events whole; output events thinned to activity marks
   * (empty data, at most one a second), which is all idle splitting needs:
   * the output itself went through the screen model into `lines`.
   */
  events: SessionEvent[];
  lines: ScreenLine[];
  /** Bytes read completely (a cut-off last line excluded): the processed offset. */
  completeBytes: number;
  truncated: boolean;
  /** Time of the last event. */
  lastT: number;
  /** Screen lines left out because the session's line budget was spent (markers are always kept). */
  droppedLines: number;
}

/** Screen text kept per session for the distiller; past it only marker lines are kept. */
export const MAX_LINE_TEXT_CHARS = 8 * 1024 * 1024;
/** One event line longer than this is damaged, not output (the recorder writes chunks of ~64 KB). */
const MAX_EVENT_LINE_BYTES = 16 * 1024 * 1024;
const ACTIVITY_GRAIN_S = 1;

/**
 * Streams a session log through the screen model. Lines of the log are
 * split on bytes, so a huge or damaged line never becomes one giant string.
 */
export async function replayCast(path: string, o: { keep?: (line: string) => boolean } = {}): Promise<Replay> {
  let header: CastHeader | undefined;
  let feeder: ScreenFeeder | undefined;
  const lines: ScreenLine[] = [];
  const events: SessionEvent[] = [];
  let lineChars = 0;
  let droppedLines = 0;
  let completeBytes = 0;
  let truncated = false;
  let lastT = 0;
  let lastActivity = -Infinity;
  let carry: Buffer[] = [];
  let carryBytes = 0;
  let skipping = false;

  const onLine = (l: ScreenLine): void => {
    if (lineChars + l.text.length > MAX_LINE_TEXT_CHARS && !o.keep?.(l.text)) {
      droppedLines++;
      return;
    }
    lineChars += l.text.length;
    lines.push(l);
  };

  const handle = async (text: string): Promise<void> => {
    if (!header) {
      header = parseHeader(text);
      feeder = new ScreenFeeder(new ScreenModel(header.width, header.height, onLine));
      return;
    }
    if (!text.trim()) return;
    const e = parseEventLine(text);
    if (!e || !feeder) return;
    lastT = e.t;
    await feeder.feed(e);
    if (e.code !== 'o') events.push(e);
    else if (e.t - lastActivity >= ACTIVITY_GRAIN_S) {
      events.push({ t: e.t, code: 'o', data: '' });
      lastActivity = e.t;
    }
  };

  const stream = createReadStream(path);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl < 0) break;
      const piece = chunk.subarray(start, nl);
      const bytes = carryBytes + piece.length + 1;
      if (!skipping) {
        const whole = carry.length ? Buffer.concat([...carry, piece]) : piece;
        await handle(whole.toString('utf8'));
      }
      if (!header) throw new CastFormatError('the log has no complete header line');
      completeBytes += bytes;
      carry = [];
      carryBytes = 0;
      skipping = false;
      start = nl + 1;
    }
    const rest = chunk.subarray(start);
    carryBytes += rest.length;
    if (carryBytes > MAX_EVENT_LINE_BYTES) {
      // Too long to be an event: drop it as it streams past (the header must not be).
      if (!header) throw new CastFormatError('the first line is not a JSON header');
      skipping = true;
      carry = [];
    } else if (!skipping) {
      carry.push(Buffer.from(rest));
    }
  }
  if (!header) throw new CastFormatError('the log has no complete header line');
  if (carryBytes > 0) {
    // A last line without its newline: a write cut off by a crash, unless it parses.
    const tail = skipping ? undefined : Buffer.concat(carry).toString('utf8');
    if (tail && parseEventLine(tail)) await handle(tail);
    else truncated = true;
  }
  await feeder?.close();
  return { header, events, lines, completeBytes, truncated, lastT, droppedLines };
}
