/**
 * A message to the passages the episode index keeps: one per message, a
 * long one cut at paragraph (then sentence, then word) boundaries into pieces
 * of at most PASSAGE_CHARS (~1,000 tokens). Whole messages rank better than
 * sentences (BEAM's development split: BM25 top-3 38/51 over messages, 22/51
 * over sentences; passages of 4,000 characters 38/51, of 1,600 34/51):
 * a fact is stated in one sentence and named in the next, so a passage keeps
 * them together; cutting only the long ones keeps a table or a code dump from
 * burying its one relevant line.
 */
export const PASSAGE_CHARS = 4000;
/** Shorter passages carry nothing to search for ("ok", "thanks!"). */
export const MIN_PASSAGE_CHARS = 12;

function pieces(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const byPara = text.split(/\n{2,}/);
  const units = byPara.length > 1 ? byPara : text.split(/(?<=[.!?。！？])\s+|\n/);
  if (units.length === 1) {
    const words = text.split(/(?<=\s)/);
    if (words.length > 1) return pack(words, max, '');
    // One unbroken run (a minified line, a base64 blob): cut by length.
    const out: string[] = [];
    for (let i = 0; i < text.length; i += max) out.push(text.slice(i, i + max));
    return out;
  }
  return pack(units.flatMap((x) => pieces(x, max)), max, '\n');
}

/** Pieces joined back up to `max` characters each. */
function pack(units: string[], max: number, glue: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const u of units.flatMap((x) => (x.length > max ? pieces(x, max) : [x]))) {
    if (cur && cur.length + u.length + glue.length > max) {
      out.push(cur);
      cur = '';
    }
    cur = cur ? `${cur}${glue}${u}` : u;
  }
  if (cur) out.push(cur);
  return out;
}

export function passagesOf(text: string, max = PASSAGE_CHARS): string[] {
  const trimmed = text.trim();
  // Too short to search for only as a whole message: a long one's short tail is still part of what was said.
  if (trimmed.length < MIN_PASSAGE_CHARS) return [];
  return pieces(trimmed, max)
    .map((p) => p.trim())
    .filter(Boolean);
}
