/**
 * The explicit marker where `!` means something. Bash expands `!记得` as
 * history ("event not found") and Claude Code switches to bash mode on a
 * leading `!`, so a marker line typed at the start of an input line is
 * kept from the child: the wrapper holds a leading `!` until the next keys
 * show whether the marker is being typed, then echoes the marker line
 * itself. On Enter:
 *
 * - a shell gets a bare Enter, so it prints a fresh prompt and the typed
 *   line stays on screen, as a comment would;
 * - any other CLI gets nothing, and the echo is erased, leaving its screen
 *   as it was.
 *
 * The keys are still recorded as typed (the recorder sees the raw input),
 * so the line is remembered as any marker is. Input that turns out not to be
 * the marker is passed on unchanged, at once. Pure: the caller writes
 * `forward` to the child and `echo` to the terminal.
 */
import { KeyReader, type KeyEvent } from '../segmenter/input-keys.js';
import { markersOf } from '../text/markers.js';
import { LineModel } from './line-model.js';

export interface Caught {
  forward: string;
  echo: string;
  /** True when nothing was held or caught: the raw chunk may be passed on as it came. */
  untouched: boolean;
}

export type CatchMode = 'shell' | 'tui';

/** Columns a character takes on a terminal: CJK and other wide forms take two. */
export function columns(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x1100) return 1;
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef\u{1f300}-\u{1faff}]/u.test(ch) ? 2 : 1;
}

/** Entering (h) or leaving (l) the alternate screen. */
const ALT_SCREEN = /\x1b\[\?(?:1049|1047|47)([hl])/g;
const ENTER = new Set(['\r', '\n']);

export class MarkerCatcher {
  private readonly line = new LineModel();
  private readonly keys = new KeyReader();
  /** How much of the sequence the reader is still reading was passed on already. */
  private carried = 0;
  private held = '';
  private heldRaw = '';
  private caught: string | undefined;
  /** The marker being typed, once one is whole (one of `markers`). */
  private marker = '';
  private readonly markers: string[];
  /** False while a full-screen app (vim, less) owns the screen. */
  private active = true;

  constructor(
    marker: string,
    private readonly mode: CatchMode,
    /** An AI CLI's own full-screen TUI still takes prompts: catch there too. */
    private readonly everywhere = false,
  ) {
    // The configured marker and, with the default, its English alias (!remember): text/markers.ts.
    this.markers = markersOf(marker);
  }

  /**
   * Call with the child's output. Full-screen apps (vim, less) take every
   * key as a command: while one owns the alternate screen, nothing is caught.
   */
  noteOutput(text: string): void {
    if (this.everywhere || !text.includes('\x1b[?')) return;
    const last = [...text.matchAll(ALT_SCREEN)].pop();
    if (last) this.active = last[1] === 'l';
  }

  /**
   * Keys are read as key events (input-keys.ts), so a marker typed through
   * the kitty keyboard protocol is caught too; what is passed on is always
   * the raw bytes as they came.
   */
  feed(text: string): Caught {
    if (this.markers.length === 0) return { forward: text, echo: '', untouched: true };
    let forward = '';
    let echo = '';
    let touched = this.held !== '' || this.caught !== undefined;
    let skip = this.carried;
    this.carried = 0;
    for (const { raw: whole, event } of this.keys.read(text)) {
      const raw = whole.slice(skip);
      skip = 0;
      // The terminal's answers belong to the program, whatever is being typed; so do a paste's
      // brackets once a marker line is caught: the program saw the paste begin and must see it end,
      // or it reads every later key as pasted (the next line glued to this one).
      if (event.kind === 'report' || (event.kind === 'paste' && this.caught !== undefined)) {
        forward += raw;
        continue;
      }
      if (this.caught !== undefined) {
        touched = true;
        const r = this.inCaught(event);
        forward += r.forward;
        echo += r.echo;
        continue;
      }
      if (this.held) {
        touched = true;
        if (event.kind === 'none') {
          this.heldRaw += raw;
          continue;
        }
        const next = event.kind === 'char' ? this.held + event.ch : '';
        if (next && this.markers.some((m) => m.startsWith(next))) {
          this.held = next;
          this.heldRaw += raw;
          if (this.markers.includes(next)) {
            this.marker = next;
            this.caught = '';
            this.at = 0;
            this.held = '';
            this.heldRaw = '';
            echo += next;
          }
          continue;
        }
        // Not the marker after all: what was held goes on, then this key as usual.
        forward += this.heldRaw;
        for (const h of this.held) this.line.event({ kind: 'char', ch: h });
        this.held = '';
        this.heldRaw = '';
      }
      if (this.line.empty && this.active && event.kind === 'char' && this.markers.some((m) => m[0] === event.ch)) {
        touched = true;
        const whole = this.markers.find((m) => m === event.ch);
        if (whole) {
          this.marker = whole;
          this.caught = '';
          this.at = 0;
          echo += event.ch;
        } else {
          this.held = event.ch;
          this.heldRaw = raw;
        }
        continue;
      }
      forward += raw;
      this.line.event(event);
    }
    // A sequence cut off here goes on now, unless the marker line is being typed.
    const pending = this.keys.pending;
    if (pending && !this.held && this.caught === undefined) {
      forward += pending;
      this.carried = pending.length;
    }
    return { forward, echo, untouched: !touched };
  }

  /** Where the cursor is in the caught text (in characters): the echo follows the line editor's keys. */
  private at = 0;

  private inCaught(e: KeyEvent): { forward: string; echo: string } {
    const chars = [...(this.caught ?? '')];
    const rest = chars.slice(this.at).join('');
    const shown = (): string => this.marker + (this.caught ?? '');
    const set = (next: string[], at: number): void => {
      this.caught = next.join('');
      this.at = at;
    };
    const none = { forward: '', echo: '' };
    if (e.kind === 'move') {
      if (e.to === 'left' && this.at > 0) return this.moveTo(chars, this.at - 1);
      if (e.to === 'right' && this.at < chars.length) return this.moveTo(chars, this.at + 1);
      if (e.to === 'home') return this.moveTo(chars, 0);
      if (e.to === 'end') return this.moveTo(chars, chars.length);
      return none;
    }
    if (e.kind === 'delete') return this.deleteAt(chars, this.at);
    // Esc, releases, history and other sequences edit nothing here.
    if (e.kind !== 'char') return none;
    const ch = e.ch;
    if (ENTER.has(ch) || ch === '\x03') {
      // The cursor goes to the end first, so what stays on screen (a shell) or is erased (a TUI) is the whole line.
      const toEnd = rest;
      const text = shown();
      this.caught = undefined;
      this.at = 0;
      this.line.event({ kind: 'char', ch: ENTER.has(ch) ? '\r' : '\x03' });
      if (ch === '\x03') return { forward: this.mode === 'shell' ? '\x03' : '', echo: toEnd + erase(text) };
      return this.mode === 'shell' ? { forward: '\r', echo: toEnd } : { forward: '', echo: toEnd + erase(text) };
    }
    if (ch === '\x7f' || ch === '\b') {
      if (chars.length === 0) {
        // Deleting into the marker gives the line back, empty.
        this.caught = undefined;
        return { forward: '', echo: erase(this.marker) };
      }
      if (this.at === 0) return none;
      const gone = chars[this.at - 1] ?? '';
      const back = '\b'.repeat(columns(gone));
      chars.splice(this.at - 1, 1);
      set(chars, this.at - 1);
      return { forward: '', echo: back + this.redrawFrom(chars, this.at, columns(gone)) };
    }
    if (ch === '\x01') return this.moveTo(chars, 0);
    if (ch === '\x05') return this.moveTo(chars, chars.length);
    if (ch === '\x02') return this.at > 0 ? this.moveTo(chars, this.at - 1) : none;
    if (ch === '\x06') return this.at < chars.length ? this.moveTo(chars, this.at + 1) : none;
    if (ch === '\x04') return this.deleteAt(chars, this.at);
    if (ch === '\x0b') {
      // Ctrl-K: what follows the cursor goes.
      const w = width(rest);
      set(chars.slice(0, this.at), this.at);
      return { forward: '', echo: `${' '.repeat(w)}${'\b'.repeat(w)}` };
    }
    // Ctrl-U kills back to the line's start, the marker with it; Ctrl-W a word, or the marker when no word is left before it.
    if (ch === '\x15') return this.release(chars);
    if (ch === '\x17') {
      const before = chars.slice(0, this.at).join('');
      if (before.trim() === '') return this.release(chars);
      const gone = [...before].length - [...before.replace(/\S*\s*$/u, '')].length;
      const cut = chars.slice(this.at - gone, this.at).join('');
      chars.splice(this.at - gone, gone);
      set(chars, this.at - gone);
      return { forward: '', echo: '\b'.repeat(width(cut)) + this.redrawFrom(chars, this.at, width(cut)) };
    }
    if (ch < ' ') return none;
    chars.splice(this.at, 0, ch);
    set(chars, this.at + 1);
    return { forward: '', echo: ch + this.redrawFrom(chars, this.at, 0) };
  }

  /**
   * The marker was killed: the line is no marker any more. What we drew goes, and what followed the cursor,
   * typed by the user, goes to the program as the line it now holds (the program never saw any of it).
   */
  private release(chars: string[]): { forward: string; echo: string } {
    const rest = chars.slice(this.at).join('');
    const drawn = this.marker + chars.join('');
    this.caught = undefined;
    this.at = 0;
    for (const c of rest) this.line.event({ kind: 'char', ch: c });
    return { forward: rest, echo: rest + erase(drawn) };
  }

  /** The echo that moves the cursor from where it is to `to`. */
  private moveTo(chars: string[], to: number): { forward: string; echo: string } {
    const from = this.at;
    this.at = to;
    if (to < from) return { forward: '', echo: '\b'.repeat(width(chars.slice(to, from).join(''))) };
    return { forward: '', echo: chars.slice(from, to).join('') };
  }

  private deleteAt(chars: string[], at: number): { forward: string; echo: string } {
    if (at >= chars.length) return { forward: '', echo: '' };
    const gone = chars[at] ?? '';
    chars.splice(at, 1);
    this.caught = chars.join('');
    return { forward: '', echo: this.redrawFrom(chars, at, columns(gone)) };
  }

  /** Redraws the text from `at` on, blanks `freed` columns after it, and brings the cursor back to `at`. */
  private redrawFrom(chars: string[], at: number, freed: number): string {
    const tail = chars.slice(at).join('');
    const back = width(tail) + freed;
    return `${tail}${' '.repeat(freed)}${'\b'.repeat(back)}`;
  }
}

const width = (s: string): number => [...s].reduce((w, ch) => w + columns(ch), 0);

/** Backspace over what was echoed, blank it, and come back. */
function erase(text: string): string {
  const n = [...text].reduce((w, ch) => w + columns(ch), 0);
  return `${'\b'.repeat(n)}${' '.repeat(n)}${'\b'.repeat(n)}`;
}
