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
 * Line-by-line form for streams of screen lines: tracks whether we are
 * inside a block across calls. Returns the lines (or line parts) to keep.
 */
export class MemoryBlockFilter {
  private inside = false;

  keep(line: string): string | undefined {
    let rest = line;
    let kept = '';
    let touched = this.inside;
    for (;;) {
      if (this.inside) {
        const end = rest.indexOf(BLOCK_END);
        if (end < 0) break;
        this.inside = false;
        rest = rest.slice(end + BLOCK_END.length);
      } else {
        const start = rest.indexOf(BLOCK_BEGIN);
        if (start < 0) {
          kept += rest;
          break;
        }
        touched = true;
        kept += rest.slice(0, start);
        this.inside = true;
        rest = rest.slice(start + BLOCK_BEGIN.length);
      }
    }
    if (!touched) return line;
    return kept.trim() ? kept : undefined;
  }
}
