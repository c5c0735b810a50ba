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

/** A token with a slash: a path, a ref (origin/main), a package scope. */
const PATH_TOKEN = /[\p{L}\p{N}_.@~-]*\/[\p{L}\p{N}_.@~/-]+/gu;
/** Where a command read from its tool ends: a closing bracket or quote, a sentence's end. */
const COMMAND_END = /[)`'"，。；;!?]|\.(?:\s|$)/;
const LEAD = /^[^\p{L}\p{N}_]/u;
const WORD = /[\p{L}\p{N}_][\p{L}\p{N}_.+-]*/gu;

function addWords(into: Set<string>, text: string): void {
  for (const w of text.match(WORD) ?? []) into.add(w.toLowerCase().replace(/[.+-]+$/, ''));
}

export function codeWordsOf(lines: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const line of lines) {
    for (const m of line.matchAll(BACKTICK)) addWords(words, m[1] ?? '');
    for (const m of line.matchAll(PATH_TOKEN)) addWords(words, m[0]);
    for (const m of line.matchAll(COMMANDS)) {
      // The match opens with the character before the tool, when there is one.
      const rest = line.slice(m.index + (LEAD.test(m[0]) ? 1 : 0));
      const end = COMMAND_END.exec(rest);
      addWords(words, end ? rest.slice(0, end.index) : rest);
    }
  }
  return words;
}
