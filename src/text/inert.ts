/**
 * Text shown as data, never as instructions or as layout: what a memory
 * (a teammate's above all) may hold is made inert before it reaches a
 * model's block or a terminal.
 *
 * - Invisible, direction and terminal controls (bidi overrides and
 *   isolates, zero-width characters, the BOM, soft hyphens, ESC and the
 *   other C0/C1 controls, line separators) reorder, hide or rewrite what
 *   follows: shown as what they are, ⟨U+202E⟩, as the viewer does.
 * - Tags a model reads as structure (<system>, </team>, <|im_start|>,
 *   <|endoftext|>, its full-width <｜User｜>, [INST]): their brackets become look-alike angle quotes,
 *   so the words stay readable and nothing parses as a tag.
 * - The block's own author labels (unlabelled).
 */
// Terminal controls too: C0 (but tab, newline and return), DEL and C1 (ESC sequences set a window title, erase a
// line, move the cursor over a label, write the clipboard with OSC 52), U+0085 and the line and paragraph separators.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;
/** <|name|>, <tag>, </tag>, <tag attr="…">, [INST], [/INST], <<SYS>>. */
const TAG = /<[|\uff5c][^|\uff5c<>\n]{1,40}[|\uff5c]>|<\/?[A-Za-z][\w:-]{0,40}(?:\s[^<>\n]{0,200})?\/?>|\[\/?INST\]|<<\/?SYS>>/g;

export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => `⟨U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

export function neutraliseTags(text: string): string {
  return text.replace(TAG, (t) => t.replace(/</g, '‹').replace(/>/g, '›').replace(/\[/g, '⟦').replace(/\]/g, '⟧'));
}

/**
 * The block's author labels, "(from alice)" and "（alice 记）", in a memory's
 * own text: their parentheses become look-alikes, so only a label the block
 * adds reads as one (a memory cannot claim to be a teammate's).
 */
export function unlabelled(text: string): string {
  return text.replace(/\((from\s[^()\n]{1,60})\)/giu, '﹙$1﹚').replace(/（([^（）\n]{1,30}\s?记)）/gu, '﹙$1﹚');
}

/** All three: for the block a CLI is handed. */
export function inert(text: string): string {
  return unlabelled(neutraliseTags(escapeInvisible(text)));
}
