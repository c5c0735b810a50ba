import { ownKey } from './own-key.js';
import { MemoryBlockFilter } from '../memory-block.js';
import { LineEditor, type Submitted } from './line-editor.js';
import { isChrome } from './chrome.js';
import { segmentsBetween, type InputEvent, type Segment, type SegmentOptions, type TextLine } from './segment.js';

/**
 * The segmenter fed as a log is replayed, so a long session's first
 * segments can be distilled while the rest is still being read. It gives
 * the same segments as segmentSession over the whole log: a segment is
 * handed out only once no item still to come can change it.
 *
 * What it needs from the feeder is a watermark: a time no later item will
 * be before. Replay order is nearly time order; a screen line can come
 * late (it is finished, and so emitted, after it was drawn), and the
 * replay knows how late (ScreenModel.watermark). An idle gap whose far
 * side is at or before the watermark can no longer be filled, so the
 * segments before it are final.
 */
export class SegmentStream {
  private readonly idle: number;
  private readonly editor = new LineEditor();
  private readonly inputFilter = new MemoryBlockFilter();
  private readonly lineFilter = new MemoryBlockFilter();
  /** What is not yet handed out: activity times, submitted inputs, kept lines. */
  private times: number[] = [];
  private inputs: Submitted[] = [];
  private lines: TextLine[] = [];
  private maxT = -Infinity;
  /**
   * Far sides of jumps: times that arrived at least `idle` after every
   * earlier one. Every idle gap of the final timeline has its far side
   * reached by such a jump (the first item past the gap jumps over it), so
   * with none pending no segment can end yet, and the buffer need not be
   * sorted to find out.
   */
  private jumps: number[] = [];
  private lastEventT: number | undefined;
  /** A full-screen program (the alternate screen) is showing: replay.ts marks it with 'a' events. */
  private fullScreen = false;

  constructor(private readonly o: SegmentOptions) {
    this.idle = o.idleSplitMinutes * 60;
  }

  event(e: InputEvent): void {
    if (e.code === 'a') {
      this.fullScreen = e.data === 'h';
      return;
    }
    this.lastEventT = e.t;
    this.activity(e.t);
    if (e.code !== 'i') return;
    if (this.fullScreen && this.o.shell) return;
    for (const s of this.editor.feed(e.t, e.data)) {
      const kept = this.inputFilter.keep(s.text);
      if (kept !== undefined) this.inputs.push({ ...s, text: kept });
    }
  }

  line(l: TextLine): void {
    // The CLI's own chrome (status, hints, tool output) is never content.
    if (isChrome(l.text)) return;
    if (this.o.own?.size && this.o.own.has(ownKey(l.text))) return;
    const kept = this.lineFilter.keep(l.text);
    if (kept === undefined) return;
    this.lines.push({ t: l.t, text: kept });
    this.activity(l.t);
  }

  /** The segments made final by `watermark`: no item still to come is earlier. */
  release(watermark: number): Segment[] {
    if (!this.jumps.some((t) => t <= watermark)) return [];
    const sorted = [...this.times].sort((a, b) => a - b);
    const cuts: number[] = [];
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1] ?? 0;
      const cur = sorted[i] ?? 0;
      // Only a gap whose far side is settled: a later item could still fall in any other.
      if (cur > watermark) break;
      if (cur - prev >= this.idle) cuts.push((prev + cur) / 2);
    }
    this.jumps = this.jumps.filter((t) => t > watermark);
    const last = cuts[cuts.length - 1];
    if (last === undefined) return [];
    const before = <T extends { t: number }>(items: T[]): T[] => items.filter((x) => x.t < last);
    const times = this.times.filter((t) => t < last);
    const inputs = before(this.inputs);
    const lines = before(this.lines);
    this.times = this.times.filter((t) => t >= last);
    this.inputs = this.inputs.filter((x) => x.t >= last);
    this.lines = this.lines.filter((x) => x.t >= last);
    return segmentsBetween(cuts.slice(0, -1), times, inputs, lines, this.o.marker);
  }

  /** Everything left, the open segment included; what was typed but not submitted is its last input. */
  finish(): Segment[] {
    const tail = this.lastEventT === undefined ? undefined : this.editor.pending(this.lastEventT);
    if (tail) this.inputs.push(tail);
    const sorted = [...this.times].sort((a, b) => a - b);
    const cuts: number[] = [];
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1] ?? 0;
      const cur = sorted[i] ?? 0;
      if (cur - prev >= this.idle) cuts.push((prev + cur) / 2);
    }
    const out = segmentsBetween(cuts, this.times, this.inputs, this.lines, this.o.marker);
    this.times = [];
    this.inputs = [];
    this.lines = [];
    this.jumps = [];
    return out;
  }

  private activity(t: number): void {
    this.times.push(t);
    if (Number.isFinite(this.maxT) && t - this.maxT >= this.idle) this.jumps.push(t);
    if (t > this.maxT) this.maxT = t;
  }
}

/**
 * Pure: timestamped input events and finished screen lines in, segments
 * out. A segment ends after an idle gap of idleSplitMinutes. Marker lines
 * are picked out of every segment, the still-open last one included, so a
 * live session can store them at once.
 */
export function segmentSession(events: InputEvent[], screen: TextLine[], o: SegmentOptions): Segment[] {
  const stream = new SegmentStream(o);
  for (const e of events) stream.event(e);
  for (const l of screen) stream.line(l);
  return stream.finish();
}
