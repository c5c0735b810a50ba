/**
 * TUI chrome: box borders, bullets, spinners and prompt glyphs that AI CLIs
 * draw around text. Stripped before anything reads the words.
 */
const CHROME = /[│┃║╭╮╰╯┌┐└┘├┤┬┴┼─━═▌▐█░▒▓⏺⎿●○◆◇▸▹►▶✻✶✳✢·•]|[⠁-⣿]/gu;
const LEADING = /^\s*(?:[>$#%❯›»]+|[-*+]|\d+[.)])\s+/;

export function cleanLine(line: string): string {
  return line.replace(CHROME, ' ').replace(/\s+/g, ' ').trim().replace(LEADING, '').trim();
}
