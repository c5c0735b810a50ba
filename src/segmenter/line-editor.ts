import { KeyReader, type KeyEvent } from './input-keys.js';

/**
 * Rebuilds what the user submitted from raw keystrokes, best effort: typed
 * text, backspace, left/right arrows, Home/End, ^U, ^W, ^C and bracketed
 * paste. Up/down (history) and Tab (completion) cannot be known from the
 * keys alone; a line that used them is marked uncertain.
 */
export interface Submitted {
  t: number;
  text: string;
  /** History or completion was used: the text may differ from what ran. */
  uncertain: boolean;
}

export class LineEditor {
  private chars: string[] = [];
  private cursor = 0;
  private uncertain = false;
  private inPaste = false;
  private readonly keys = new KeyReader();
  private readonly out: Submitted[] = [];

  /** Feed one input event; returns lines submitted by it. */
  feed(t: number, data: string): Submitted[] {
    this.out.length = 0;
    for (const { event } of this.keys.read(data)) {
      if (event.kind === 'char') this.key(t, event.ch);
      else this.sequence(event);
    }
    return [...this.out];
  }

  /** What has been typed but not submitted (at session end). */
  pending(t: number): Submitted | undefined {
    const text = this.chars.join('').trim();
    return text ? { t, text, uncertain: this.uncertain } : undefined;
  }

  private insert(s: string): void {
    this.chars.splice(this.cursor, 0, s);
    this.cursor++;
  }

  private submit(t: number): void {
    const text = this.chars.join('');
    if (text.trim()) this.out.push({ t, text, uncertain: this.uncertain });
    this.chars = [];
    this.cursor = 0;
    this.uncertain = false;
  }

  private key(t: number, ch: string): void {
    if (this.inPaste) {
      this.insert(ch === '\r' ? '\n' : ch);
      return;
    }
    switch (ch) {
      case '\r':
      case '\n':
        this.submit(t);
        return;
      case '\x7f':
      case '\b':
        if (this.cursor > 0) {
          this.chars.splice(this.cursor - 1, 1);
          this.cursor--;
        }
        return;
      case '\x15': // ^U: kill to line start
        this.chars.splice(0, this.cursor);
        this.cursor = 0;
        return;
      case '\x17': {
        // ^W: delete the word before the cursor
        let i = this.cursor;
        while (i > 0 && this.chars[i - 1] === ' ') i--;
        while (i > 0 && this.chars[i - 1] !== ' ') i--;
        this.chars.splice(i, this.cursor - i);
        this.cursor = i;
        return;
      }
      case '\x03': // ^C abandons the line
        this.chars = [];
        this.cursor = 0;
        this.uncertain = false;
        return;
      case '\x01':
        this.cursor = 0;
        return;
      case '\x05':
        this.cursor = this.chars.length;
        return;
      case '\t':
        this.uncertain = true;
        return;
      default:
        if (ch >= ' ') this.insert(ch);
    }
  }

  /**
   * A key that came as a sequence. What the terminal answered (device
   * attributes, cursor reports, focus, colours) was never typed, so it
   * changes nothing (input-keys.ts).
   */
  private sequence(e: KeyEvent): void {
    if (e.kind === 'paste') this.inPaste = e.start;
    else if (this.inPaste) return;
    else if (e.kind === 'move') {
      if (e.to === 'left') this.cursor = Math.max(0, this.cursor - 1);
      else if (e.to === 'right') this.cursor = Math.min(this.chars.length, this.cursor + 1);
      else this.cursor = e.to === 'home' ? 0 : this.chars.length;
    } else if (e.kind === 'delete') this.chars.splice(this.cursor, 1);
    else if (e.kind === 'history') this.uncertain = true;
  }
}
