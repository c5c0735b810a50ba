/**
 * What a user's own line states that is worth keeping for tomorrow: the
 * value of a thing, when the value is one they would have to paste again —
 * a name, a number, a path or a command, a time, an owner ("我们的数据库是
 * Postgres 16", 发版时间是周三, "the staging URL is https://…"), or any value
 * of a much-asked-about subject ("use make check as the test command").
 * A plain word after "is" is most often how things look at the moment
 * ("the pipeline is red again", 登录页面是空白的): a report, not a fact of
 * the project, unless the session wrote that word as code (code-words.ts:
 * "the default branch is main" beside `git push origin main`). Pure.
 */
import { statementOf } from '../text/statement.js';
import { isTimeValue } from '../text/time-value.js';
import { hasSignal } from './signals.js';
import { HAN } from './features.js';

/** A name (a capital), a number, or the punctuation of a path, URL, flag or identifier. */
const CONCRETE = /[\p{Lu}\p{N}./:@_`#~$%\\-]/u;
/** One word in Latin letters. */
const LATIN_WORD = /^[A-Za-z][A-Za-z0-9+]*$/;

/**
 * `writtenAsCode`: whether the session wrote a (lower-case) word as code;
 * asked only of a value that is one plain word.
 */
export function statesUserValue(line: string, writtenAsCode: (word: string) => boolean = () => false): boolean {
  const st = statementOf(line);
  if (!st) return false;
  if (hasSignal(line) || CONCRETE.test(st.value) || isTimeValue(st.value) || /\bowner\b/.test(st.key)) return true;
  if (!LATIN_WORD.test(st.value)) return false;
  // In Chinese a word in Latin letters is a name (部署平台是 vercel), as features.ts reads it too, except in 是…的,
  // which says how a thing is (这个测试是 flaky 的).
  if (HAN.test(line)) {
    const at = line.indexOf(st.value);
    return at < 0 || !/^\s*的/.test(line.slice(at + st.value.length));
  }
  return writtenAsCode(st.value.toLowerCase());
}
