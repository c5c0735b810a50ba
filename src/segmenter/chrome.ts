/**
 * TUI chrome: box borders, bullets, spinners and prompt glyphs that AI CLIs
 * draw around text. Stripped before anything reads the words.
 */
const CHROME = /[│┃║╭╮╰╯┌┐└┘├┤┬┴┼─━═▌▐█░▒▓⏺⎿●○◆◇▸▹►▶✻✶✳✢·•]|[⠁-⣿]/gu;
const LEADING = /^\s*(?:[>$#%❯›»]+|[-*+]|\d+[.)])\s+/;
/** A spinner's status left on the line when the answer overwrote it without clearing. */
const STATUS = /^(?:Thinking|Working|Loading|Processing|Generating|思考中|处理中)…?\.{0,3}\s*(?:\(\d+s\))?\s*(?:\d+%)?\s*/i;

export function cleanLine(line: string): string {
  return line.replace(CHROME, ' ').replace(/\s+/g, ' ').trim().replace(LEADING, '').replace(STATUS, '').replace(LEADING, '').trim();
}
