/**
 * What arrives on a terminal's input side, read as key events. It is not
 * only keys: the terminal answers a program's queries there too (device
 * attributes `ESC [ ? 1 ; 2 c`, cursor position `ESC [ 4 ; 1 R`, focus
 * events, OSC colour answers, XTVERSION in a DCS string). Codex asks for
 * the cursor position and the device attributes as it starts, so the first
 * bytes it reads were never typed. And terminals speaking the kitty keyboard
 * protocol (kitty, ghostty, wezterm, foot), or tmux's extended keys, send
 * keys as `CSI code ; mods u` or `CSI 27 ; mods ; code ~`: Enter as
 * `ESC [ 13 u`, `!` as `ESC [ 49 : 33 ; 2 u`, and releases as `…:3u`.
 *
 * One reader serves the live marker catcher and the line editor that
 * rebuilds typed lines from a recorded log, so both read a line the same
 * way. Pure.
 */
export type KeyEvent =
  /** A typed character or control byte, decoded when it came as a sequence. */
  | { kind: 'char'; ch: string }
  | { kind: 'move'; to: 'left' | 'right' | 'home' | 'end' }
  /** Forward delete. */
  | { kind: 'delete' }
  /** Up or down: a recalled line. */
  | { kind: 'history' }
  | { kind: 'paste'; start: boolean }
  /** The Esc key on its own. */
  | { kind: 'escape' }
  /** The terminal's answer to a query: never typed. */
  | { kind: 'report' }
  /** A key released, or a modifier pressed alone: no effect on a line. */
  | { kind: 'none' }
  /** Anything else (function keys, Alt-x): its effect on a line cannot be known. */
  | { kind: 'other' };

export interface ReadKey {
  raw: string;
  event: KeyEvent;
}

/** Longest control sequence (CSI, with parameters) and control string (OSC, DCS) waited for. */
const MAX_CSI_SEQUENCE = 64;
const MAX_STRING_SEQUENCE = 4096;
const STRING_KINDS = new Set(['P', ']', '_', '^', 'X']);
const CSI_FINAL = /[@-~]/;

const MOVES: Record<string, 'left' | 'right' | 'home' | 'end'> = { D: 'left', C: 'right', H: 'home', F: 'end' };
const TILDE_MOVES: Record<string, 'home' | 'end'> = { '1': 'home', '7': 'home', '4': 'end', '8': 'end' };
/** The US layout's shifted digits and punctuation: a CSI-u key with Shift and no alternate code given. */
const SHIFTED: Record<string, string> = Object.fromEntries(
  [...'1234567890-=[]\\;\',./`'].map((k, i) => [k, '!@#$%^&*()_+{}|:"<>?~'[i] ?? k]),
);
/** Kitty's functional keys that type something: keypad Enter, and the keypad's characters. */
const KITTY_KEYPAD: Record<number, string> = { 57414: '\r', 57409: '.', 57410: '/', 57411: '*', 57412: '-', 57413: '+', 57415: '=' };

export class KeyReader {
  private escape = '';

  /**
   * The key events in `text`. A sequence cut off at the end of `text` is
   * carried into the next call, except a lone ESC: terminals write a whole
   * sequence at once, so an ESC that ends a read is the Esc key.
   */
  read(text: string): ReadKey[] {
    const out: ReadKey[] = [];
    for (const ch of text) {
      if (!this.escape || (this.escape === '\x1b' && ch === '\x1b')) {
        // Esc pressed twice: the first one is a key of its own.
        if (this.escape) out.push({ raw: this.escape, event: { kind: 'escape' } });
        if (ch === '\x1b') this.escape = ch;
        else out.push({ raw: ch, event: { kind: 'char', ch } });
        continue;
      }
      this.escape += ch;
      const done = complete(this.escape);
      if (done) {
        out.push({ raw: this.escape, event: done });
        this.escape = '';
      }
    }
    if (this.escape === '\x1b') {
      out.push({ raw: this.escape, event: { kind: 'escape' } });
      this.escape = '';
    }
    return out;
  }

  /** The start of a sequence still being read. */
  get pending(): string {
    return this.escape;
  }
}

/** The event a sequence makes once it is complete, or undefined while more is to come. */
function complete(seq: string): KeyEvent | undefined {
  const kind = seq[1] ?? '';
  if (STRING_KINDS.has(kind)) {
    if (seq.length > 2 && (seq.endsWith('\x07') || seq.endsWith('\x1b\\'))) return { kind: 'report' };
    return seq.length > MAX_STRING_SEQUENCE ? { kind: 'other' } : undefined;
  }
  if (kind === 'O') {
    if (seq.length < 3) return undefined;
    const to = MOVES[seq[2] ?? ''];
    if (to) return { kind: 'move', to };
    return seq[2] === 'A' || seq[2] === 'B' ? { kind: 'history' } : seq[2] === 'M' ? { kind: 'char', ch: '\r' } : { kind: 'other' };
  }
  if (kind !== '[') return { kind: 'other' };
  const last = seq[seq.length - 1] ?? '';
  if (seq.length < 3 || !CSI_FINAL.test(last)) return seq.length > MAX_CSI_SEQUENCE ? { kind: 'other' } : undefined;
  return csi(seq.slice(2, -1), last);
}

/** A CSI sequence by its parameters and final byte. */
function csi(params: string, final: string): KeyEvent {
  if (params === '200' && final === '~') return { kind: 'paste', start: true };
  if (params === '201' && final === '~') return { kind: 'paste', start: false };
  const lead = params[0] ?? '';
  // Answers: DA (?…c, >…c), kitty flags (?…u), DECRPM (…$y), cursor position (…R),
  // status (…n), window reports (…t), focus (I, O), SGR mouse (<…M/m).
  if (lead === '?' || lead === '>' || lead === '=' || lead === '<') return { kind: 'report' };
  if ('RntIOy'.includes(final) || params.includes('$')) return { kind: 'report' };
  const fields = params.split(';').map((f) => f.split(':'));
  const mods = Number(fields[1]?.[0] || '1') - 1;
  const released = fields[1]?.[1] === '3';
  if (released) return { kind: 'none' };
  if (final === 'u') return unicodeKey(fields, mods);
  if (final === '~' && fields[0]?.[0] === '27' && fields.length >= 3) {
    // xterm's modifyOtherKeys (tmux extended keys): CSI 27 ; mods ; code ~
    return unicodeKey([fields[2] ?? ['0']], Number(fields[1]?.[0] || '1') - 1);
  }
  if (mods & ~(1 | 64 | 128)) return { kind: 'other' };
  const to = MOVES[final];
  if (to) return { kind: 'move', to };
  if (final === 'A' || final === 'B') return { kind: 'history' };
  if (final === '~') {
    const code = fields[0]?.[0] ?? '';
    if (code === '3') return { kind: 'delete' };
    const tildeTo = TILDE_MOVES[code];
    if (tildeTo) return { kind: 'move', to: tildeTo };
  }
  return { kind: 'other' };
}

const isCodePoint = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= 0x10ffff;

/** A key given by its Unicode code point (kitty's CSI u), with its modifiers (Shift 1, Alt 2, Ctrl 4; Caps and Num Lock ignored). */
function unicodeKey(fields: string[][], mods: number): KeyEvent {
  const [code = 0, shiftedCode] = (fields[0] ?? []).map(Number);
  const m = mods & ~(64 | 128);
  const text = fields[2];
  // Parameters that are no code point (a stray "ESC [" followed by typed text) are no key: never a throw.
  if (!isCodePoint(code) || (shiftedCode !== undefined && !isCodePoint(shiftedCode)) || (text && !text.every((t) => t === '' || isCodePoint(Number(t))))) return { kind: 'other' };
  if (m & ~(1 | 4)) return { kind: 'other' };
  if (m & 4) {
    // Ctrl with a letter is its control byte (Ctrl-C is 0x03); anything else is unknown here.
    const lower = String.fromCodePoint(code).toLowerCase();
    return m === 4 && /^[a-z]$/.test(lower) ? { kind: 'char', ch: String.fromCharCode(lower.charCodeAt(0) & 0x1f) } : { kind: 'other' };
  }
  if (text && text.length > 0 && text[0] !== '') return { kind: 'char', ch: String.fromCodePoint(...text.map(Number)) };
  // Shift+Enter is a new line inside a multi-line prompt (Gemini, Claude Code), Shift+Tab a mode switch: not Enter or Tab.
  if (code === 13 || code === 9 || code === 127 || code === 8) return m ? { kind: 'other' } : { kind: 'char', ch: String.fromCharCode(code) };
  if (code === 27) return { kind: 'escape' };
  const keypad = KITTY_KEYPAD[code];
  if (keypad) return { kind: 'char', ch: keypad };
  if (code >= 57344 && code <= 63743) return code >= 57441 && code <= 57452 ? { kind: 'none' } : { kind: 'other' };
  if (code < 32) return { kind: 'other' };
  const base = String.fromCodePoint(code);
  if (!(m & 1)) return { kind: 'char', ch: base };
  if (shiftedCode) return { kind: 'char', ch: String.fromCodePoint(shiftedCode) };
  return { kind: 'char', ch: SHIFTED[base] ?? base.toUpperCase() };
}
