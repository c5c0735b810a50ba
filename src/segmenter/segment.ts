import { hasMarker, markerIn } from '../text/markers.js';
import { PrivateFilter } from '../memory-block.js';
import type { Submitted } from './line-editor.js';
import { cleanLine } from './chrome.js';

/** What the segmenter needs of an event and of a screen line (see pty/). */
export interface InputEvent {
  t: number;
  code: string;
  data: string;
}
export interface TextLine {
  t: number;
  text: string;
}

export interface Turn {
  /** When the user submitted it. */
  t: number;
  user: string;
  uncertain: boolean;
  /** Screen lines finished after the submission and before the next one. */
  reply: string[];
}

export interface Segment {
  start: number;
  end: number;
  /** Lines the CLI showed, with claude-mem's own block removed. */
  lines: TextLine[];
  /** What the user submitted, rebuilt from keystrokes. */
  inputs: Submitted[];
  turns: Turn[];
  /** Lines (typed or shown) that started with the explicit marker. */
  markers: string[];
  /** When each marker was first typed or shown (session seconds): a memory's source points at that moment. */
  markerAt?: Record<string, number>;
}

export interface SegmentOptions {
  idleSplitMinutes: number;
  /** What claude-mem itself printed in the session, by ownKey (pty/own-output.ts): never content. */
  own?: ReadonlySet<string>;
  /** A shell session: what is typed inside a full-screen program it runs (vim, less) is not a request or a marker. */
  shell?: boolean;
  marker: string;
}

/**
 * The text after the marker, if the line is an explicit "remember this".
 * Typed lines must start with it. On screen, only prompt decoration (no
 * letters) may come before it, so "bash: !记得: event not found" is not one.
 */
export function markerText(line: string, marker: string, typed: boolean): string | undefined {
  // Cleaning only blanks characters out and squeezes spaces, so a line without
  // a marker of no spaces or chrome has none after it either (most lines).
  if (!hasMarker(line, marker) && (typed || (!/\s/u.test(marker) && cleanLine(marker) === marker))) return undefined;
  if (!typed) line = cleanLine(line);
  const found = markerIn(line, marker);
  if (!found) return undefined;
  const before = line.slice(0, found.at);
  if (typed ? before.trim() !== '' : /[\p{L}\p{N}]/u.test(before)) return undefined;
  const text = line.slice(found.at + found.marker.length).replace(/^[\s:：,，]+/, '').trim();
  return text || undefined;
}

/** How many first characters a shown marker line shares with a typed one to be its echo (an edit later in the line is the screen's to show). */
const ECHO_HEAD = 6;
function echoesTyped(typed: string, shown: string): boolean {
  const n = Math.min(ECHO_HEAD, typed.length, shown.length);
  return n > 0 && typed.slice(0, n) === shown.slice(0, n);
}

// Some CLIs show the prompt without its closing mark (Gemini drops a "?").
const bare = (s: string): string => cleanLine(s).replace(/[?？!！。.]+$/u, '').trim();

/** What the user submitted, prepared once for every line it is compared with. */
interface Echo {
  bare: string;
  /** A prefix this long is enough to recognise a long submission that wrapped. */
  long: boolean;
  head: string;
}

const echoOf = (user: string): Echo => {
  const u = bare(user);
  return { bare: u, long: [...u].length >= 8, head: u.slice(0, 40) };
};

/** The line (already bare) shows what the user submitted, once prompt decoration is stripped. */
function echoes(line: string, u: Echo): boolean {
  if (!u.bare) return false;
  return line === u.bare || (u.long && line.startsWith(u.head));
}

/**
 * Lines go to the turn whose echo comes last before them on screen. A TUI
 * can finish a line long after it was drawn (at exit, on a redraw), so the
 * order on screen is the better witness than the time; lines before any
 * echo (a banner) belong to no turn. With no echo seen at all, time decides.
 * A short reply line repeating the user's words is still the echo's.
 */
function buildTurns(inputs: Submitted[], lines: TextLine[]): Turn[] {
  const turns: Turn[] = inputs.map((s) => ({ t: s.t, user: s.text, uncertain: s.uncertain, reply: [] }));
  // Each line is compared with every turn not yet echoed: bare both once.
  const users = turns.map((t) => echoOf(t.user));
  const bareLines = lines.map((l) => bare(l.text));
  const echoAt = new Array<number>(lines.length).fill(-1);
  let next = 0;
  lines.forEach((_, i) => {
    for (let k = next; k < turns.length; k++) {
      if (echoes(bareLines[i] ?? '', users[k] as Echo)) {
        echoAt[i] = k;
        next = k + 1;
        break;
      }
    }
  });
  if (next > 0) {
    let k = -1;
    // A turn whose echo was never seen (a hidden password) leaves its lines to the turn before.
    lines.forEach((line, i) => {
      const echoed = echoAt[i] ?? -1;
      if (echoed >= 0) {
        k = echoed;
        return;
      }
      const turn = turns[k];
      if (turn) turn.reply.push(line.text);
    });
    return turns;
  }
  let k = 0;
  lines.forEach((line, i) => {
    while (k + 1 < turns.length && (turns[k + 1]?.t ?? Infinity) < line.t) k++;
    const turn = turns[k];
    if (!turn || line.t < turn.t) return;
    // The echo of what the user typed is not the CLI's answer.
    if (echoes(bareLines[i] ?? '', users[k] as Echo)) return;
    turn.reply.push(line.text);
  });
  return turns;
}

/**
 * A segment's screen text past this many characters keeps only its head and
 * its tail, as a terminal's scrollback does: a flood of output (a build log,
 * a `cat` of a big file) is not read whole by the distiller or cut whole into
 * passages, and its memory follows the screen, not the flood (bench/biglog.mjs:
 * one segment of a 300 MB log held 160k lines). The log itself keeps it all.
 */
export const SEGMENT_SCREEN_CHARS = 2_000_000;
/** What of the budget goes to the head: the request and the reply's start; the rest to the tail, where a reply concludes. */
const HEAD_SHARE = 0.25;

/**
 * A segment's lines within the screen budget: its head and tail, and from
 * the middle only the lines that carry a marker or echo something the user
 * submitted (the turns are built on those). Pure.
 */
export function withinScreenBudget(lines: TextLine[], inputs: Submitted[], marker: string, budget = SEGMENT_SCREEN_CHARS): TextLine[] {
  let total = 0;
  for (const l of lines) total += l.text.length;
  if (total <= budget) return lines;
  const headMax = budget * HEAD_SHARE;
  let h = 0;
  for (let used = 0; h < lines.length && used + (lines[h]?.text.length ?? 0) <= headMax; h++) used += lines[h]?.text.length ?? 0;
  let t = lines.length;
  for (let used = 0; t > h && used + (lines[t - 1]?.text.length ?? 0) <= budget - headMax; t--) used += lines[t - 1]?.text.length ?? 0;
  // echoes()'s test, by sets: a flood's middle is compared with every input at once.
  const users = inputs.map((s) => echoOf(s.text)).filter((u) => u.bare);
  const whole = new Set(users.map((u) => u.bare));
  const heads = new Set(users.filter((u) => u.long).map((u) => u.head));
  const headLengths = [...new Set([...heads].map((x) => x.length))];
  const kept = (text: string): boolean => {
    if (hasMarker(text, marker)) return true;
    const b = bare(text);
    return whole.has(b) || headLengths.some((n) => heads.has(b.slice(0, n)));
  };
  return [...lines.slice(0, h), ...lines.slice(h, t).filter((l) => kept(l.text)), ...lines.slice(t)];
}

/** How far ahead a partial redraw's finished version may be. */
const REDRAW_WINDOW = 60;

/**
 * A TUI that redraws a streaming reply in place leaves, as its frames scroll
 * away, each partial state of a line before the finished one ("Decided to
 * use und", then "Decided to use undici"). A line that a later line of the
 * same turn starts with is such a partial frame: only the finished line is
 * the reply. Pure.
 */
export function dropPartialRedraws(lines: string[]): string[] {
  // Compared as words: a frame may still show the raw Markdown (`code`,
  // **bold**) that the finished line renders.
  const trimmed = lines.map((l) => cleanLine(l).replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim());
  return lines.filter((_, i) => {
    const a = trimmed[i] ?? '';
    if (a.length < 2) return true;
    for (let j = i + 1; j < Math.min(lines.length, i + 1 + REDRAW_WINDOW); j++) {
      const b = trimmed[j] ?? '';
      if (b.length > a.length && b.startsWith(a)) return false;
      if (b === a && j === i + 1) return false;
    }
    return true;
  });
}

function keepPublic<T extends { text: string }>(items: T[]): T[] {
  const filter = new PrivateFilter();
  const out: T[] = [];
  for (const it of items) {
    const kept = filter.keep(it.text);
    if (kept !== undefined) out.push(kept === it.text ? it : { ...it, text: kept });
  }
  return out;
}

/**
 * The segments of items already filtered, split at `cuts` (ascending): each
 * item goes to the segment of the cuts before its time. `times`: every
 * activity time (events and kept lines), for the segments' spans. A
 * segment with neither lines nor inputs is none.
 */
export function segmentsBetween(cuts: number[], times: number[], inputs: Submitted[], lines: TextLine[], marker: string): Segment[] {
  // Each item goes to its segment by binary search over the cuts: filtering
  // every item for every segment cost O(segments × events) (2 s of a one-hour log).
  const segCount = cuts.length + 1;
  const bucketOf = (t: number): number => {
    let lo = 0;
    let hi = cuts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cuts[mid] ?? Infinity) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const bucket = <T extends { t: number }>(items: T[]): T[][] => {
    const out: T[][] = Array.from({ length: segCount }, () => []);
    for (const it of items) out[bucketOf(it.t)]?.push(it);
    return out;
  };
  const linesBy = bucket(lines);
  const inputsBy = bucket(inputs);
  const span = Array.from({ length: segCount }, () => ({ start: Infinity, end: -Infinity }));
  for (const t of times) {
    const sp = span[bucketOf(t)];
    if (!sp) continue;
    if (t < sp.start) sp.start = t;
    if (t > sp.end) sp.end = t;
  }
  const segments: Segment[] = [];
  for (let b = 0; b < segCount; b++) {
    // <private> spans go before anything is read; one left open hides the rest of its segment.
    const segInputs = keepPublic(inputsBy[b] ?? []);
    const segLines = withinScreenBudget(keepPublic(linesBy[b] ?? []), segInputs, marker);
    const sp = span[b] ?? { start: Infinity, end: -Infinity };
    if (segLines.length === 0 && segInputs.length === 0) continue;
    const typed = segInputs.map((s) => ({ m: markerText(s.text, marker, true), t: s.t })).filter((x): x is { m: string; t: number } => x.m !== undefined);
    // A marker is the user's when their keys typed it. The screen shows the line as it was finally edited, so a
    // marker line on screen counts only as the echo of one typed: a README with "// !remember …" that `cat`
    // printed, or a model's reply that holds one, is output, not the user's word.
    const shown = segLines.flatMap((l) => {
      const m = markerText(l.text, marker, false);
      return m !== undefined && typed.some((k) => echoesTyped(k.m, m)) ? [{ m, t: l.t }] : [];
    });
    const found = [...typed, ...shown];
    const markers = found.map((x) => x.m);
    const markerAt: Record<string, number> = {};
    for (const x of found) markerAt[x.m] = Math.min(markerAt[x.m] ?? Infinity, x.t);
    segments.push({
      start: Number.isFinite(sp.start) ? sp.start : 0,
      end: Number.isFinite(sp.end) ? sp.end : 0,
      lines: segLines,
      inputs: segInputs,
      turns: buildTurns(segInputs, segLines).map((t) => ({ ...t, reply: dropPartialRedraws(t.reply) })),
      markers: [...new Set(markers)],
      markerAt,
    });
  }
  return segments;
}
