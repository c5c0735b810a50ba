/**
 * What makes a statement of a value a firm one (value-kinds.ts reads the
 * value): not a question, a guess, nor a proposal turned down,
 * which name values that do not hold. Pure.
 */
import { isRefusedProposal } from '../text/refused.js';
import { refusesInChinese } from '../text/statement-zh.js';

const HAN = /\p{Script=Han}/u;

/** Ends as a question, or is a short line with a question word in it (能不能, 找谁). */
const ASKS = /[?？]\s*$|^.{0,40}(?:能不能|可不可以|要不要|是不是|有没有|找谁|多少|什么时候|为什么|怎么)/su;
/** A guess or an option put forward, not a finding. */
const TENTATIVE = /^(?:maybe|perhaps|probably|possibly|one option is|we could|you could|i (?:think|guess|suspect)|可能|也许|或许|大概|估计|建议)/i;

/**
 * A request that carries a statement ("I'm trying to speed up the report, which now takes 40 s") still
 * states it: only a question, a guess or a refused proposal names no value that holds.
 */
export function isFirm(text: string): boolean {
  const t = text.trim();
  return !ASKS.test(t) && !TENTATIVE.test(t) && !isRefusedProposal(t) && !(HAN.test(t) && refusesInChinese(t));
}
