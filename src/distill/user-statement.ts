/**
 * What a user's own line states that is worth keeping for tomorrow: the
 * value of a thing, when the value is one they would have to paste again —
 * a name, a number, a path or a command, a time, an owner ("我们的数据库是
 * Postgres 16", 发版时间是周三, "the staging URL is https://…"), or any value
 * of a much-asked-about subject ("use make check as the test command").
 * A plain word after "is" is most often how things look at the moment
 * ("the pipeline is red again", 登录页面是空白的): a report, not a fact of
 * the project. Pure.
 */
import { statementOf } from '../text/statement.js';
import { isTimeValue } from '../text/time-value.js';
import { hasSignal } from './signals.js';

/** A name (a capital), a number, or the punctuation of a path, URL, flag or identifier. */
const CONCRETE = /[\p{Lu}\p{N}./:@_`#~$%\\-]/u;

export function statesUserValue(line: string): boolean {
  const st = statementOf(line);
  if (!st) return false;
  return hasSignal(line) || CONCRETE.test(st.value) || isTimeValue(st.value) || /\bowner\b/.test(st.key);
}
