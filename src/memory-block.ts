/**
 * The markers that wrap every memory block claude-mem hands to a CLI. They
 * are shared by the injector (which writes them) and by everything that
 * reads captured text (which drops what is between them), so a CLI that
 * echoes its system prompt never feeds memory back into memory.
 */
export const BLOCK_BEGIN = '<claude-mem-context>';
export const BLOCK_END = '</claude-mem-context>';

/**
 * Removes every complete block, and a trailing block that was opened but not
 * yet closed (its end may arrive in a later chunk). Works on plain text.
 */
export function stripMemoryBlocks(text: string): string {
  let out = '';
  let pos = 0;
  for (;;) {
    const start = text.indexOf(BLOCK_BEGIN, pos);
    if (start < 0) return out + text.slice(pos);
    out += text.slice(pos, start);
    const end = text.indexOf(BLOCK_END, start + BLOCK_BEGIN.length);
    if (end < 0) return out;
    pos = end + BLOCK_END.length;
  }
}

/**
 * Line-by-line form for streams of lines: tracks whether we are inside a
 * span across calls, and returns the lines (or line parts) to keep. A span
 * opened and not closed hides everything after it.
 */
export class SpanFilter {
  private inside = false;

  constructor(
    private readonly begin: RegExp,
    private readonly end: RegExp,
  ) {}

  keep(line: string): string | undefined {
    let rest = line;
    let kept = '';
    let touched = this.inside;
    for (;;) {
      const m = (this.inside ? this.end : this.begin).exec(rest);
      if (!m) {
        if (!this.inside) kept += rest;
        break;
      }
      touched = true;
      if (!this.inside) kept += rest.slice(0, m.index);
      this.inside = !this.inside;
      rest = rest.slice(m.index + m[0].length);
    }
    if (!touched) return line;
    return kept.trim() ? kept : undefined;
  }
}

const escape = (s: string): RegExp => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** claude-mem's own block, as a CLI echoes it back. */
export class MemoryBlockFilter extends SpanFilter {
  constructor() {
    super(escape(BLOCK_BEGIN), escape(BLOCK_END));
  }
}

/**
 * `<private>…</private>`, in any case and with spaces inside the brackets
 * (`<Private >`, `< /PRIVATE>`), across lines. Nothing inside is ever kept.
 */
export const PRIVATE_BEGIN = /<\s*private\s*>/i;
export const PRIVATE_END = /<\s*\/\s*private\s*>/i;

export class PrivateFilter extends SpanFilter {
  constructor() {
    super(PRIVATE_BEGIN, PRIVATE_END);
  }
}
