/**
 * The words a session wrote as code: inside backticks, in a path, in a
 * command from its tool to the command's end. A plain lower-case word the
 * user states as a thing's value ("the default branch is main", "the
 * linter is ruff") is a name when the session also wrote it so
 * (`git push origin main`, `ruff check .`); a word it only said in prose
 * ("the pipeline is red") is how things look. Learnt from the session, not
 * from a list of names: any tool, branch or package the session touched
 * counts. Pure.
 */
import { BACKTICK, COMMANDS } from './features.js';

/** Where a command read from its tool ends: a closing bracket or quote, a sentence's end. */
const COMMAND_END = /[)`'"，。；;!?]|\.(?:\s|$)/;
/**
 * How far a command is read at most. Every scan here is linear in the line:
 * a pasted blob or a minified line can be megabytes long (a pattern that
 * backtracked over a run of letters took 11 s on 100,000 of them).
 */
const COMMAND_MAX_CHARS = 200;
const SPACE = /\s+/;
const LEAD = /^[^\p{L}\p{N}_]/u;
const WORD = /[\p{L}\p{N}_][\p{L}\p{N}_.+-]*/gu;

/** A word without the dots, pluses and dashes that end it (a loop: a pattern anchored at the end rescans a long run of them). */
function trimmed(w: string): string {
  let end = w.length;
  while (end > 0 && '.+-'.includes(w[end - 1] ?? '')) end--;
  return w.slice(0, end);
}

function addWords(into: Set<string>, text: string): void {
  for (const w of text.match(WORD) ?? []) into.add(trimmed(w.toLowerCase()));
}

export function codeWordsOf(lines: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const line of lines) {
    for (const m of line.matchAll(BACKTICK)) addWords(words, m[1] ?? '');
    // A token with a slash: a path, a ref (origin/main), a package scope.
    for (const token of line.split(SPACE)) if (token.includes('/')) addWords(words, token);
    // A command inside one already read (npm x npm x …) adds nothing new.
    let readTo = 0;
    for (const m of line.matchAll(COMMANDS)) {
      // The match opens with the character before the tool, when there is one.
      const start = m.index + (LEAD.test(m[0]) ? 1 : 0);
      if (start < readTo) continue;
      const rest = line.slice(start, start + COMMAND_MAX_CHARS);
      const end = COMMAND_END.exec(rest);
      const command = end ? rest.slice(0, end.index) : rest;
      readTo = start + command.length;
      addWords(words, command);
    }
  }
  return words;
}
