import { closeSync, openSync, readSync } from 'node:fs';
import type { EventCode, SessionEvent } from './events.js';

/** asciicast v2 header; extra keys are allowed by the format and ignored by players. */
export interface CastHeader {
  version: 2;
  width: number;
  height: number;
  timestamp: number;
  command?: string;
  env?: { TERM?: string; SHELL?: string };
  /** claude-mem's own fields. */
  'x-claude-mem'?: {
    session_id: string;
    cwd: string;
    agent: string;
    /** The wrapped CLI's own transcript of this session, where it keeps one (see transcripts/). */
    transcript?: Record<string, unknown>;
  };
}

export function encodeHeader(h: CastHeader): string {
  return `${JSON.stringify(h)}\n`;
}

/** Six decimals is asciinema's own precision. */
export function encodeEvent(e: SessionEvent): string {
  return `${JSON.stringify([Math.round(e.t * 1e6) / 1e6, e.code, e.data])}\n`;
}

export interface ParsedCast {
  header: CastHeader;
  events: SessionEvent[];
  /** Bytes of the text that parsed completely (a cut-off last line is excluded). */
  completeBytes: number;
  /** True when the last line was cut off (a crash mid-write) and skipped. */
  truncated: boolean;
}

const CODES = new Set<string>(['o', 'i', 'r', 'm']);

export function parseEventLine(line: string): SessionEvent | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!Array.isArray(v) || v.length < 3) return undefined;
  const [t, code, data] = v as unknown[];
  if (typeof t !== 'number' || typeof code !== 'string' || !CODES.has(code) || typeof data !== 'string') return undefined;
  return { t, code: code as EventCode, data };
}

export class CastFormatError extends Error {}

/** Wider or taller than this is not a terminal: a damaged or hostile header. */
const MAX_TERMINAL_CELLS = 10_000;

export function parseHeader(line: string): CastHeader {
  let h: unknown;
  try {
    h = JSON.parse(line);
  } catch {
    throw new CastFormatError('the first line is not a JSON header');
  }
  if (typeof h !== 'object' || h === null || (h as { version?: unknown }).version !== 2) {
    throw new CastFormatError('not an asciicast v2 header');
  }
  const o = h as Record<string, unknown>;
  const size = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_TERMINAL_CELLS;
  if (!size(o['width']) || !size(o['height'])) throw new CastFormatError(`the header's width and height must be whole numbers from 1 to ${MAX_TERMINAL_CELLS}`);
  // asciicast v2 makes the timestamp optional; 0 means "unknown" to readers.
  if (o['timestamp'] === undefined) o['timestamp'] = 0;
  if (typeof o['timestamp'] !== 'number' || !Number.isFinite(o['timestamp'])) throw new CastFormatError("the header's timestamp is not a number");
  return o as unknown as CastHeader;
}

/** How much of a log is read looking for the end of its header line. */
const HEADER_READ_MAX = 1024 * 1024;

/**
 * A log's header alone, read from the start of the file (a path that needs
 * only the header must not read a long log). CastFormatError when there is
 * no complete, valid header line in the first MiB.
 */
export function readCastHeader(path: string): CastHeader {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(HEADER_READ_MAX);
    let got = 0;
    for (;;) {
      const n = readSync(fd, buf, got, Math.min(64 * 1024, buf.length - got), got);
      const nl = buf.subarray(got, got + n).indexOf(0x0a);
      if (nl >= 0) return parseHeader(buf.toString('utf8', 0, got + nl));
      got += n;
      if (n === 0 || got >= buf.length) throw new CastFormatError('the log has no complete header line');
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Parses a whole log. A last line without its newline that does not parse
 * is a write cut off by a crash: it is skipped, not an error.
 * `fromByte` lets a caller resume from a processed offset.
 */
export function parseCast(text: string): ParsedCast {
  const firstNl = text.indexOf('\n');
  if (firstNl < 0) throw new CastFormatError('the log has no complete header line');
  const header = parseHeader(text.slice(0, firstNl));
  const events: SessionEvent[] = [];
  let pos = firstNl + 1;
  let completeBytes = Buffer.byteLength(text.slice(0, pos));
  let truncated = false;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const line = nl < 0 ? text.slice(pos) : text.slice(pos, nl);
    const e = line.trim() ? parseEventLine(line) : undefined;
    if (e) events.push(e);
    else if (nl < 0 && line.trim()) truncated = true;
    if (nl < 0) break;
    completeBytes += Buffer.byteLength(line) + 1;
    pos = nl + 1;
  }
  return { header, events, completeBytes, truncated };
}
