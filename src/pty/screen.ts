import * as xtermNamespace from '@xterm/headless';
import type { Terminal as XTerminal, IBufferLine } from '@xterm/headless';

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
 * A terminal emulator fed with the session's output, emitting the finished
 * text lines a person saw: a line is finished when it scrolls away, when the
 * screen is cleared, when a full-screen app leaves the alternate screen, and
 * at the end. `\r` progress bars, cursor moves and redraws are resolved by
 * the emulator, so only the final state of each line comes out.
 */
export class ScreenModel {
  private readonly term: XTerminal;
  private readonly times: number[] = [];
  private lastT = 0;
  /** A logical line whose wrapped continuation may still scroll off. */
  private pending: { raw: string; t: number } | undefined;

  constructor(
    cols: number,
    rows: number,
    private readonly onLine: (line: ScreenLine) => void,
  ) {
    this.term = new Terminal({ cols, rows, scrollback: SCROLLBACK_LINES, allowProposedApi: true });
    this.term.onScroll(() => this.onScrolled());
    // Snapshot the alternate screen just before it is left.
    const onModeReset = (params: (number | number[])[]): boolean => {
      if (this.term.buffer.active.type === 'alternate' && params.some((p) => typeof p === 'number' && ALT_SCREEN_MODES.has(p))) {
        this.snapshotVisible('alternate');
      }
      return false;
    };
    this.term.parser.registerCsiHandler({ prefix: '?', final: 'l' }, onModeReset);
    // Snapshot before a full clear erases what was shown.
    this.term.parser.registerCsiHandler({ final: 'J' }, (params) => {
      const mode = typeof params[0] === 'number' ? params[0] : 0;
      if (mode === 2) this.snapshotVisible(this.term.buffer.active.type);
      return false;
    });
  }

  /** Queue output; parsing is asynchronous, so await drain() before reading results. */
  write(t: number, data: string): void {
    this.times.push(t);
    this.term.write(data, () => {
      const done = this.times.shift();
      if (done !== undefined) this.lastT = done;
    });
  }

  resize(cols: number, rows: number): void {
    this.term.resize(Math.max(cols, 2), Math.max(rows, 1));
  }

  /** Resolves when everything written so far has been parsed. */
  drain(): Promise<void> {
    return new Promise((r) => this.term.write('', r));
  }

  /** Emits whatever is still on screen, then frees the emulator. */
  async close(): Promise<void> {
    await this.drain();
    this.snapshotVisible(this.term.buffer.active.type);
    this.term.dispose();
  }

  private now(): number {
    return this.times[0] ?? this.lastT;
  }

  private emit(raw: string, t: number, screen: ScreenLine['screen']): void {
    const text = raw.trimEnd();
    if (text) this.onLine({ t, text, screen });
  }

  private flushPending(): void {
    if (this.pending) this.emit(this.pending.raw, this.pending.t, 'normal');
    this.pending = undefined;
  }

  private onScrolled(): void {
    const buf = this.term.buffer.active;
    if (buf.type !== 'normal' || buf.baseY < 1) return;
    const row = buf.getLine(buf.baseY - 1);
    if (!row) return;
    const raw = row.translateToString(false);
    if (row.isWrapped && this.pending) {
      this.pending.raw += raw;
      return;
    }
    this.flushPending();
    this.pending = { raw, t: this.now() };
  }

  /** Emits the visible rows as logical lines (wrapped rows joined). */
  private snapshotVisible(screen: ScreenLine['screen']): void {
    const buf = this.term.buffer.active;
    const t = this.now();
    let current: string | undefined;
    if (screen === 'normal' && this.pending) {
      // The first visible row may continue a line that began in scrollback.
      const first = buf.getLine(buf.baseY);
      if (first?.isWrapped) current = this.pending.raw;
      else this.flushPending();
      this.pending = undefined;
    }
    for (let y = buf.baseY; y < buf.baseY + this.term.rows; y++) {
      const row: IBufferLine | undefined = buf.getLine(y);
      if (!row) continue;
      const raw = row.translateToString(false);
      if (row.isWrapped && current !== undefined) {
        current += raw;
        continue;
      }
      if (current !== undefined) this.emit(current, t, screen);
      current = raw;
    }
    if (current !== undefined) this.emit(current, t, screen);
  }
}

/** Replays output events into a screen model and collects its lines. */
export async function screenLinesOf(
  events: Iterable<{ t: number; code: string; data: string }>,
  size: { cols: number; rows: number },
): Promise<ScreenLine[]> {
  const lines: ScreenLine[] = [];
  const model = new ScreenModel(size.cols, size.rows, (l) => lines.push(l));
  for (const e of events) {
    if (e.code === 'o') model.write(e.t, e.data);
    else if (e.code === 'r') {
      const m = /^(\d+)x(\d+)$/.exec(e.data);
      if (m) {
        // A resize takes effect between chunks: let earlier output land first.
        await model.drain();
        model.resize(Number(m[1]), Number(m[2]));
      }
    }
  }
  await model.close();
  return lines;
}
