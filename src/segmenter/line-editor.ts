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

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';
/** Longest control sequence (CSI, with parameters) and control string (OSC, DCS) waited for. */
const MAX_CSI_SEQUENCE = 64;
const MAX_STRING_SEQUENCE = 4096;

export class LineEditor {
  private chars: string[] = [];
  private cursor = 0;
  private uncertain = false;
  private inPaste = false;
  private escape = '';
  private readonly out: Submitted[] = [];

  /** Feed one input event; returns lines submitted by it. */
  feed(t: number, data: string): Submitted[] {
    this.out.length = 0;
    for (const ch of data) this.key(t, ch);
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
    if (this.escape) {
      this.escape += ch;
      this.handleEscape();
      return;
    }
    if (this.inPaste) {
      if (ch === '\x1b') {
        this.escape = ch;
        return;
      }
      this.insert(ch === '\r' ? '\n' : ch);
      return;
    }
    switch (ch) {
      case '\x1b':
        this.escape = ch;
        return;
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
   * Consumes one escape sequence once it is complete. What arrives on the
   * input side is not only keys: the terminal answers queries there too
   * (device attributes `ESC [ ? 1 ; 2 c`, cursor reports, focus events,
   * XTVERSION `ESC P > | tmux 3.3a ESC \`, OSC colour answers). None of it
   * was typed, so none of it may become text.
   */
  private handleEscape(): void {
    const e = this.escape;
    const kind = e[1];
    // DCS, OSC, APC, PM, SOS: a string up to BEL or ST (ESC \).
    if (kind === 'P' || kind === ']' || kind === '_' || kind === '^' || kind === 'X') {
      if (e.length > 2 && (e.endsWith('\x07') || e.endsWith('\x1b\\'))) this.escape = '';
      else if (e.length > MAX_STRING_SEQUENCE) this.escape = '';
      return;
    }
    if (e.length === 2 && kind !== '[' && kind !== 'O') {
      this.escape = '';
      return;
    }
    const last = e[e.length - 1] ?? '';
    if (e.length < 3 || !/[A-Za-z~@^`{|}]/.test(last)) {
      if (e.length > MAX_CSI_SEQUENCE) this.escape = '';
      return;
    }
    this.escape = '';
    if (e === PASTE_START) this.inPaste = true;
    else if (e === PASTE_END) this.inPaste = false;
    else if (this.inPaste) return;
    else if (e === '\x1b[D' || e === '\x1bOD') this.cursor = Math.max(0, this.cursor - 1);
    else if (e === '\x1b[C' || e === '\x1bOC') this.cursor = Math.min(this.chars.length, this.cursor + 1);
    else if (e === '\x1b[H' || e === '\x1bOH' || e === '\x1b[1~') this.cursor = 0;
    else if (e === '\x1b[F' || e === '\x1bOF' || e === '\x1b[4~') this.cursor = this.chars.length;
    else if (e === '\x1b[3~') this.chars.splice(this.cursor, 1);
    else if (e === '\x1b[A' || e === '\x1b[B' || e === '\x1bOA' || e === '\x1bOB') this.uncertain = true;
  }
}
