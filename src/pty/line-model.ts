/**
 * The line being typed at a readline-style prompt, as far as the keys tell
 * (the marker catcher asks whether it is empty). Pure.
 */
import type { KeyEvent } from '../segmenter/input-keys.js';

/**
 * What the line being typed holds, followed through the editing keys a
 * readline-style prompt knows, so a marker is caught when the line is
 * empty however it got so: after Ctrl-L, a typed-then-deleted character,
 * Ctrl-A Ctrl-K, Ctrl-U, or the terminal's answers to the CLI's queries
 * (Codex reads a cursor report and device attributes as it starts). Keys
 * whose effect cannot be known here (history, completion) make it unknown
 * until the next Enter or Ctrl-C. Pure.
 */
export class LineModel {
  /** undefined: not known (a recalled or completed line). */
  private text: string | undefined = '';
  private cursor = 0;

  get empty(): boolean {
    return this.text === '';
  }

  event(e: KeyEvent): void {
    if (e.kind === 'char') return this.key(e.ch);
    if (e.kind === 'report' || e.kind === 'none' || e.kind === 'paste' || this.text === undefined) return;
    const t = this.text;
    if (e.kind === 'move') {
      if (e.to === 'left') this.cursor = Math.max(0, this.cursor - 1);
      else if (e.to === 'right') this.cursor = Math.min(t.length, this.cursor + 1);
      else this.cursor = e.to === 'home' ? 0 : t.length;
    } else if (e.kind === 'delete') this.set(t.slice(0, this.cursor) + t.slice(this.cursor + 1), this.cursor);
    // Esc leaves an empty prompt empty; what it does to a typed line depends on the program.
    else if (e.kind !== 'escape' || t !== '') this.text = undefined;
  }

  private key(ch: string): void {
    if (ch === '\r' || ch === '\n' || ch === '\x03') return this.set('', 0);
    if (this.text === undefined) return;
    const t = this.text;
    const at = this.cursor;
    if (ch === '\x7f' || ch === '\b') {
      if (at > 0) this.set(t.slice(0, at - 1) + t.slice(at), at - 1);
    } else if (ch === '\x01') this.cursor = 0;
    else if (ch === '\x05') this.cursor = t.length;
    else if (ch === '\x02') this.cursor = Math.max(0, at - 1);
    else if (ch === '\x06') this.cursor = Math.min(t.length, at + 1);
    else if (ch === '\x0b') this.set(t.slice(0, at), at);
    else if (ch === '\x15') this.set(t.slice(at), 0);
    else if (ch === '\x04') this.set(t.slice(0, at) + t.slice(at + 1), at);
    else if (ch === '\x0c') return;
    else if (ch === '\x17') {
      const kept = t.slice(0, at).replace(/\S*\s*$/, '');
      this.set(kept + t.slice(at), kept.length);
    } else if (ch < ' ') this.text = undefined;
    else this.set(t.slice(0, at) + ch + t.slice(at), at + 1);
  }

  private set(text: string, cursor: number): void {
    this.text = text;
    this.cursor = cursor;
  }
}
