/**
 * TUI chrome: box borders, bullets, spinners and prompt glyphs that AI CLIs
 * draw around text. Stripped before anything reads the words; whole lines
 * of chrome (status, tool output, hints) are dropped.
 */
const CHROME = /[│┃║╭╮╰╯┌┐└┘├┤┬┴┼─━═▌▐█░▒▓⏺⎿●○◆◇▸▹►▶✻✶✳✢✽✦✧↳·•]|[⠁-⣿]/gu;
const LEADING = /^\s*(?:[>$#%❯›»]+|[-*+]|\d+[.)])\s+/;
/** A spinner's status left on the line when the answer overwrote it without clearing. */
const STATUS = /^(?:Thinking|Working|Loading|Processing|Generating|思考中|处理中)…?\.{0,3}\s*(?:\(\d+s\))?\s*(?:\d+%)?\s*/i;

function clean(line: string): string {
  return line.replace(CHROME, ' ').replace(/\s+/g, ' ').trim().replace(LEADING, '').replace(STATUS, '').replace(LEADING, '').trim();
}

/**
 * The segmenter and the distiller clean the same lines several times (each
 * turn's echo test, redraw test, sentences), and a long session repeats its
 * lines: short ones are remembered, up to CLEANED_CHARS characters in all
 * (about 4 MB); then the cache starts over. A long line is never kept.
 */
const CLEANED_CHARS = 2_000_000;
const CLEANED_LINE_MAX = 500;
const cleaned = new Map<string, string>();
let cleanedChars = 0;

export function cleanLine(line: string): string {
  if (line.length > CLEANED_LINE_MAX) return clean(line);
  const known = cleaned.get(line);
  if (known !== undefined) return known;
  const out = clean(line);
  if (cleanedChars > CLEANED_CHARS) {
    cleaned.clear();
    cleanedChars = 0;
  }
  cleanedChars += line.length + out.length;
  cleaned.set(line, out);
  return out;
}

/**
 * Lines an AI CLI draws about itself, never the conversation:
 * - a spinner or status line ("✻ Cogitated for 3s", "⠋ Working (2s • esc to interrupt)");
 * - tool output under a tool call (Claude Code's "⎿ …");
 * - key hints, token and context meters, warnings counters, banners and the
 *   exit notice of Claude Code, Codex and Gemini CLI.
 */
const SPINNER_LINE = /^\s*[✻✶✳✢✽·*⠁-⣿◐◓◑◒⏳]\s*\p{L}+(?:…|\.{3})?\s*(?:\(|for\s+\d|$)/u;
const TOOL_OUTPUT = /^\s*⎿/;
const HINTS =
  /\b(?:esc to (?:interrupt|cancel)|for shortcuts|ctrl\+\w+ to \w+|\d+% context left|context left|tokens? used|auto-accept|bypass permissions|to view \(|Resume this session with|Authenticated with|Tips for getting started|no sandbox|\/auth\b|\/model to change|Using:? \d+ \w+ files?|press enter to send|shift\+tab|focus-events|Type your message or @path|workspace \(\/directory\)|no sandbox|True color|Create GEMINI\.md|\/help for more information|Ask coding questions, edit code|Be specific for the best results|To resume this session|Model Usage|Input Tokens)\b/i;
const BANNER = /^\s*(?:>_\s*)?(?:OpenAI Codex|Claude Code|Gemini CLI)\b.*v?\d+\.\d+/i;
/** Codex's footer (model · effort · cwd · last prompt) and its per-turn timing line. */
const FOOTER = /^\s*[\w.-]+ (?:default|minimal|low|medium|high|xhigh)\b[^·]*·|^\s*(?:Worked|Thought|Ran|Waited) for [<\d]|\bwarnings? · f\d+ to view\b/i;

export function isChrome(line: string): boolean {
  return SPINNER_LINE.test(line) || TOOL_OUTPUT.test(line) || HINTS.test(line) || BANNER.test(line) || FOOTER.test(line);
}
