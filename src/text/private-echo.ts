/**
 * Text inside a `<private>` span is private wherever it comes back in the
 * same session: the assistant repeating it ("Got it, I'll use hunter22 for
 * the db") is as private as the span. Pure.
 */
import { PRIVATE_BEGIN, PRIVATE_END } from '../memory-block.js';

/** The contents of each `<private>…</private>` span (one left open runs to the end). */
export function privateSpans(text: string): string[] {
  const spans: string[] = [];
  let rest = text;
  for (;;) {
    const open = PRIVATE_BEGIN.exec(rest);
    if (!open) return spans;
    rest = rest.slice(open.index + open[0].length);
    const close = PRIVATE_END.exec(rest);
    spans.push((close ? rest.slice(0, close.index) : rest).trim());
    if (!close) return spans;
    rest = rest.slice(close.index + close[0].length);
  }
}

/**
 * The pieces of a span that identify it when repeated in other words: the
 * span whole, and each token that is not a plain lowercase word (it has a
 * digit, a capital, a symbol or CJK: a value, a name, a number).
 */
function piecesOf(span: string): string[] {
  const tokens = span
    .split(/[\s,;:，。；：、()（）"'“”]+/u)
    .flatMap((t) => t.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? [])
    .map((t) => t.replace(/[.!?！？]+$/u, ''));
  // A plain word (even capitalised) is too common to hide everywhere: "This", "deploy".
  const distinct = tokens.filter((t) => !/^[A-Za-z][a-z]*$/.test(t));
  return [span, ...distinct].filter((p) => [...p].length >= 4).sort((a, b) => b.length - a.length);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A function that hides every piece of the spans in a text; the identity when there are none. */
export function echoHider(spans: string[]): (text: string) => string {
  const pieces = [...new Set(spans.flatMap(piecesOf))];
  if (pieces.length === 0) return (t) => t;
  const pattern = new RegExp(pieces.map(escapeRegExp).join('|'), 'g');
  return (t) => t.replace(pattern, '[redacted:private]');
}
