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

/**
 * Where a replay hands what it reads as it reads it, instead of collecting
 * it (Replay's events and lines are then empty): a segmenter fed on the
 * fly, so a long log's first segments are distilled while the rest is read.
 */
export interface ReplaySink {
  event(e: SessionEvent): void;
  line(l: ScreenLine): void;
  /** No event or line still to come is before `watermark` (a log's times only go forward). */
  settled(watermark: number): void;
}

/** Screen text kept per session for the distiller; past it only marker lines are kept. */
export const MAX_LINE_TEXT_CHARS = 8 * 1024 * 1024;
/** One event line longer than this is damaged, not output (the recorder writes chunks of ~64 KB). */
const MAX_EVENT_LINE_BYTES = 16 * 1024 * 1024;
const ACTIVITY_GRAIN_S = 1;
/**
 * Output events this close together go to the screen model as one write.
 * A streaming CLI writes a few bytes at a time, and the emulator's cost is
 * mostly per write: a one-hour log of 12-byte chunks replayed in 0.8 of the time
 * so. A line finished inside such a group takes the group's first time,
 * at most this much early, and a full-screen app's frames drawn within one
 * group are read as its last (the transient states between never stay on
 * screen); idle splitting works in minutes, and input and resize events
 * still cut a group, so order is kept.
 */
const COALESCE_S = 0.05;
const COALESCE_MAX_CHARS = 64 * 1024;

/** Pure: 'h' when the output enters the alternate screen, 'l' when it leaves it (the last switch counts), else undefined. */
export function alternateScreenChange(data: string): 'h' | 'l' | undefined {
  if (!data.includes('\u001b[?')) return undefined;
  let last: 'h' | 'l' | undefined;
  for (const m of data.matchAll(/\u001b\[\?(?:1049|1047|47)([hl])/g)) last = m[1] as 'h' | 'l';
  return last;
}

/**
 * Streams a session log through the screen model. Lines of the log are
 * split on bytes, so a huge or damaged line never becomes one giant string.
 */
export async function replayCast(path: string, o: { keep?: (line: string) => boolean; sink?: ReplaySink } = {}): Promise<Replay> {
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
  let group: { t: number; parts: string[]; chars: number } | undefined;
  const sink = o.sink;

  /** Hands the output group to the screen model; a promise only when the emulator must be waited for. */
  const flushGroup = (): Promise<void> | undefined => {
    if (!group || !feeder) return undefined;
    const g = group;
    group = undefined;
    return feeder.offer({ t: g.t, code: 'o', data: g.parts.length === 1 ? (g.parts[0] ?? '') : g.parts.join('') });
  };

  const onLine = (l: ScreenLine): void => {
    if (lineChars + l.text.length > MAX_LINE_TEXT_CHARS && !o.keep?.(l.text)) {
      droppedLines++;
      return;
    }
    lineChars += l.text.length;
    if (sink) sink.line(l);
    else lines.push(l);
  };
  const pushEvent = (e: SessionEvent): void => {
    if (sink) sink.event(e);
    else events.push(e);
  };

  /** One line of the log. Synchronous unless the emulator has to catch up (a promise then). */
  const handle = (text: string): Promise<void> | undefined => {
    if (!header) {
      header = parseHeader(text);
      feeder = new ScreenFeeder(new ScreenModel(header.width, header.height, onLine));
      return undefined;
    }
    if (!text.trim()) return undefined;
    const e = parseEventLine(text);
    if (!e || !feeder) return undefined;
    lastT = e.t;
    let wait: Promise<void> | undefined;
    if (e.code === 'o') {
      // Entering or leaving a full-screen program's screen (vim, less) is an event of its own: the keys typed there are not lines.
      const alt = alternateScreenChange(e.data);
      if (alt) pushEvent({ t: e.t, code: 'a', data: alt });
      if (group && (e.t - group.t > COALESCE_S || group.chars + e.data.length > COALESCE_MAX_CHARS)) wait = flushGroup();
      group ??= { t: e.t, parts: [], chars: 0 };
      group.parts.push(e.data);
      group.chars += e.data.length;
      if (e.t - lastActivity >= ACTIVITY_GRAIN_S) {
        pushEvent({ t: e.t, code: 'o', data: '' });
        lastActivity = e.t;
      }
      return wait;
    }
    const feed = (): Promise<void> | undefined => feeder?.offer(e);
    pushEvent(e);
    wait = flushGroup();
    return wait ? wait.then(feed) : feed();
  };

  const stream = createReadStream(path);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const first = chunk.indexOf(0x0a);
    const last = first < 0 ? -1 : chunk.lastIndexOf(0x0a);
    if (first >= 0) {
      // The line begun in earlier chunks (or at this one's start).
      const piece = chunk.subarray(0, first);
      if (!skipping) {
        const whole = carry.length ? Buffer.concat([...carry, piece]) : piece;
        const wait = handle(whole.toString('utf8'));
        if (wait) await wait;
      }
      if (!header) throw new CastFormatError('the log has no complete header line');
      completeBytes += carryBytes + piece.length + 1;
      carry = [];
      carryBytes = 0;
      skipping = false;
      // The lines wholly inside this chunk, decoded at once: a newline byte is
      // never inside a UTF-8 sequence, so this is what decoding each would give.
      if (last > first) {
        const text = chunk.toString('utf8', first + 1, last);
        let pos = 0;
        for (;;) {
          const nl = text.indexOf('\n', pos);
          const wait = handle(nl < 0 ? text.slice(pos) : text.slice(pos, nl));
          if (wait) await wait;
          if (nl < 0) break;
          pos = nl + 1;
        }
        completeBytes += last - first;
      }
      // Later events are at lastT or after; later lines no earlier than the screen says, nor than the unflushed group.
      if (sink && feeder) sink.settled(Math.min(lastT, feeder.watermark(), group?.t ?? Infinity));
    }
    const rest = chunk.subarray(last + 1);
    carryBytes += rest.length;
    if (carryBytes > MAX_EVENT_LINE_BYTES) {
      // Too long to be an event: drop it as it streams past (the header must not be).
      if (!header) throw new CastFormatError('the first line is not a JSON header');
      skipping = true;
      carry = [];
    } else if (!skipping && rest.length) {
      carry.push(Buffer.from(rest));
    }
  }
  if (!header) throw new CastFormatError('the log has no complete header line');
  if (carryBytes > 0) {
    // A last line without its newline: a write cut off by a crash, unless it parses.
    const tail = skipping ? undefined : Buffer.concat(carry).toString('utf8');
    if (tail && parseEventLine(tail)) {
      const wait = handle(tail);
      if (wait) await wait;
    } else truncated = true;
  }
  const wait = flushGroup();
  if (wait) await wait;
  await feeder?.close();
  return { header, events, lines, completeBytes, truncated, lastT, droppedLines };
}
