import * as xtermNamespace from '@xterm/headless';
import type { Terminal as XTerminal, IBufferNamespace } from '@xterm/headless';

// @xterm/headless 6 ships CommonJS: under ESM the named import fails and the
// class sits on the default export, which its typings do not declare.
const xterm = (xtermNamespace as unknown as { default?: typeof xtermNamespace }).default ?? xtermNamespace;
const { Terminal } = xterm;

export interface ScreenLine {
  /** Seconds since session start: when the line was finished. */
  t: number;
  text: string;
  /** Full-screen apps draw on the alternate screen. */
  screen: 'normal' | 'alternate';
}

/**
 * Lines are read the moment they scroll off the top, so a small scrollback
 * is enough and memory stays flat however long the session runs.
 */
const SCROLLBACK_LINES = 64;
/** Private modes that switch to and from the alternate screen. */
const ALT_SCREEN_MODES = new Set([47, 1047, 1049]);
/**
 * A full-screen app scrolls its own screen, which has no scrollback, so its
 * rows are collected after every chunk (first sighting kept, repeats
 * dropped) and emitted when it leaves. Capped so a long-running top stays flat.
 */
const MAX_ALT_LINES = 4000;
/**
 * A logical line (wrapped rows joined) is kept up to this many characters:
 * a 50 MB line of output says nothing a memory could use, and holding it
 * whole would bound memory by the log instead of by the screen.
 */
export const MAX_LINE_CHARS = 16 * 1024;

/**
 * A logical line as kept: capped, trailing padding gone, and held at its own
 * size. A row comes padded to the terminal's width, and V8 makes a trimmed
 * string a view that keeps the whole padded row alive: a 1 GB log's kept
 * lines then cost twice their text (32 MB of parents for 160k lines of a
 * 120-column screen). Concatenating and slicing one character off makes V8
 * flatten a copy of the text; the padded row can then be collected.
 */
function keptText(raw: string): string {
  const text = raw.slice(0, MAX_LINE_CHARS).trimEnd();
  return text.length < raw.length ? `${text} `.slice(0, -1) : text;
}

/**
 * A terminal emulator fed with the session's output, emitting the finished
 * text lines a person saw: a line is finished when it scrolls away, when the
 * screen is cleared, when a full-screen app leaves the alternate screen, and
 * at the end. `\r` progress bars, cursor moves and redraws are resolved by
 * the emulator, so only the final state of each line comes out.
 */
/**
 * The largest screen the model keeps. A log's header and resize events say
 * how big the terminal was, and a hostile or damaged one says 99999999x99999999:
 * the emulator allocates every cell (10000x10000 alone is 1.28 GB). No real
 * terminal is wider or taller (an 8K display in a small font is ~700
 * columns); larger sizes are clamped, which only rewraps long lines.
 */
export const MAX_SCREEN_COLS = 1000;
export const MAX_SCREEN_ROWS = 500;

/** Pure: a size the model can hold. */
export function screenSize(cols: number, rows: number): { cols: number; rows: number } {
  const fit = (n: number, lo: number, hi: number): number => (Number.isFinite(n) ? Math.min(Math.max(Math.floor(n), lo), hi) : lo);
  return { cols: fit(cols, 2, MAX_SCREEN_COLS), rows: fit(rows, 1, MAX_SCREEN_ROWS) };
}

export class ScreenModel {
  private readonly term: XTerminal;
  /**
   * The terminal's buffers, fetched once: its getter checks the proposed-API
   * option through the options proxy on every call, 0.1 s of a one-hour
   * log's replay when asked at every scroll.
   */
  private readonly buffers: IBufferNamespace;
  private readonly times: number[] = [];
  private lastT = 0;
  /** A logical line whose wrapped continuation may still scroll off. */
  private pending: { raw: string; t: number } | undefined;
  /** Rows seen on the alternate screen since it was entered, in order. */
  private altSeen = new Map<string, number>();

  constructor(
    cols: number,
    rows: number,
    private readonly onLine: (line: ScreenLine) => void,
  ) {
    // A program's malformed escape is its business: xterm's parse warnings went to our stderr, one per bad sequence.
    this.term = new Terminal({ ...screenSize(cols, rows), scrollback: SCROLLBACK_LINES, allowProposedApi: true, logLevel: 'off' });
    this.buffers = this.term.buffer;
    this.term.onScroll(() => this.onScrolled());
    // Snapshot the alternate screen just before it is left.
    const onModeReset = (params: (number | number[])[]): boolean => {
      if (this.buffers.active.type === 'alternate' && params.some((p) => typeof p === 'number' && ALT_SCREEN_MODES.has(p))) {
        this.leaveAlternate();
      }
      return false;
    };
    this.term.parser.registerCsiHandler({ prefix: '?', final: 'l' }, onModeReset);
    // Snapshot before a full clear erases what was shown.
    this.term.parser.registerCsiHandler({ final: 'J' }, (params) => {
      const mode = typeof params[0] === 'number' ? params[0] : 0;
      if (mode !== 2) return false;
      if (this.buffers.active.type === 'alternate') this.collectAlternate();
      else this.snapshotNormal();
      return false;
    });
  }

  /** Queue output; parsing is asynchronous, so await drain() before reading results. */
  write(t: number, data: string): void {
    this.times.push(t);
    this.term.write(data, () => {
      if (this.buffers.active.type === 'alternate') this.collectAlternate();
      const done = this.times.shift();
      if (done !== undefined) this.lastT = done;
    });
  }

  resize(cols: number, rows: number): void {
    const size = screenSize(cols, rows);
    if (size.cols !== this.term.cols || size.rows !== this.term.rows) this.term.resize(size.cols, size.rows);
  }

  /** Resolves when everything written so far has been parsed. */
  drain(): Promise<void> {
    return new Promise((r) => this.term.write('', r));
  }

  /** Emits whatever is still on screen, then frees the emulator. */
  async close(): Promise<void> {
    await this.drain();
    if (this.buffers.active.type === 'alternate') this.leaveAlternate();
    else this.snapshotNormal();
    this.term.dispose();
  }

  private collectAlternate(): void {
    const t = this.now();
    for (const line of this.visibleLines()) {
      if (this.altSeen.has(line)) continue;
      if (this.altSeen.size >= MAX_ALT_LINES) {
        const oldest = this.altSeen.keys().next();
        if (!oldest.done) this.altSeen.delete(oldest.value);
      }
      this.altSeen.set(line, t);
    }
  }

  private leaveAlternate(): void {
    this.collectAlternate();
    for (const [text, t] of this.altSeen) this.emit(text, t, 'alternate');
    this.altSeen.clear();
  }

  /** The visible rows as logical lines (wrapped rows joined), trimmed, non-empty. */
  private visibleLines(): string[] {
    const buf = this.buffers.active;
    const out: string[] = [];
    let current: string | undefined;
    for (let y = buf.baseY; y < buf.baseY + this.term.rows; y++) {
      const row = buf.getLine(y);
      if (!row) continue;
      const raw = row.translateToString(false);
      if (row.isWrapped && current !== undefined) {
        if (current.length < MAX_LINE_CHARS) current += raw;
        continue;
      }
      if (current !== undefined && current.trimEnd()) out.push(keptText(current));
      current = raw;
    }
    if (current !== undefined && current.trimEnd()) out.push(keptText(current));
    return out;
  }

  /**
   * A time no line still to be emitted will be before: a line is emitted
   * when it is finished (scrolled off, snapshot, the alternate screen
   * left), which can be well after the moment it carries.
   */
  watermark(): number {
    let w = this.now();
    if (this.pending && this.pending.t < w) w = this.pending.t;
    const oldest = this.altSeen.values().next();
    if (!oldest.done && oldest.value < w) w = oldest.value;
    return w;
  }

  private now(): number {
    return this.times[0] ?? this.lastT;
  }

  private emit(raw: string, t: number, screen: ScreenLine['screen']): void {
    const text = keptText(raw);
    if (text) this.onLine({ t, text, screen });
  }

  private flushPending(): void {
    if (this.pending) this.emit(this.pending.raw, this.pending.t, 'normal');
    this.pending = undefined;
  }

  private onScrolled(): void {
    const buf = this.buffers.active;
    if (buf.type !== 'normal' || buf.baseY < 1) return;
    const row = buf.getLine(buf.baseY - 1);
    if (!row) return;
    const raw = row.translateToString(false);
    if (row.isWrapped && this.pending) {
      if (this.pending.raw.length < MAX_LINE_CHARS) this.pending.raw += raw;
      return;
    }
    this.flushPending();
    this.pending = { raw, t: this.now() };
  }

  /** Emits the normal screen's visible rows, continuing a line begun in scrollback. */
  private snapshotNormal(): void {
    const buf = this.buffers.active;
    const t = this.now();
    let lines = this.visibleLines();
    if (this.pending) {
      const first = buf.getLine(buf.baseY);
      if (first?.isWrapped && lines.length) lines = [`${this.pending.raw}${lines[0] ?? ''}`, ...lines.slice(1)];
      else this.flushPending();
      this.pending = undefined;
    }
    for (const text of lines) this.emit(text, t, 'normal');
  }
}

/**
 * The emulator parses asynchronously and refuses to queue more than ~50 MB
 * ("write data discarded"): writers wait for it after this much.
 */
export const SCREEN_FLOW_BYTES = 1024 * 1024;

/** Replays output events into a screen model and collects its lines. */
export async function screenLinesOf(
  events: Iterable<{ t: number; code: string; data: string }>,
  size: { cols: number; rows: number },
): Promise<ScreenLine[]> {
  const lines: ScreenLine[] = [];
  const feeder = new ScreenFeeder(new ScreenModel(size.cols, size.rows, (l) => lines.push(l)));
  for (const e of events) await feeder.feed(e);
  await feeder.close();
  return lines;
}

/**
 * Feeds events to a screen model with flow control (the emulator parses
 * asynchronously and refuses to queue ~50 MB) and resizes between chunks.
 */
export class ScreenFeeder {
  private queued = 0;

  constructor(private readonly model: ScreenModel) {}

  async feed(e: { t: number; code: string; data: string }): Promise<void> {
    await this.offer(e);
  }

  /**
   * feed() without a promise when none is needed: a replay of a long log
   * hands over hundreds of thousands of events, and awaiting each cost it
   * a microtask turn apiece.
   */
  offer(e: { t: number; code: string; data: string }): Promise<void> | undefined {
    if (e.code === 'o') {
      this.model.write(e.t, e.data);
      this.queued += e.data.length;
      if (this.queued <= SCREEN_FLOW_BYTES) return undefined;
      this.queued = 0;
      return this.model.drain();
    }
    if (e.code === 'r') {
      const m = /^(\d+)x(\d+)$/.exec(e.data);
      if (m) {
        // A resize takes effect between chunks: let earlier output land first.
        this.queued = 0;
        return this.model.drain().then(() => this.model.resize(Number(m[1]), Number(m[2])));
      }
    }
    return undefined;
  }

  /** ScreenModel.watermark. */
  watermark(): number {
    return this.model.watermark();
  }

  close(): Promise<void> {
    return this.model.close();
  }
}
