/**
 * What makes a piece of evidence a statement of a value, and a firm one. A
 * statement names a value: a number, a code-like token (a host, a path, an
 * identifier: edge-stg.tidepool.app, lake_ods), a name written with a capital
 * inside a sentence (Hiro Tanaka, OpenTofu), or a Latin word amid Chinese
 * (告警走 Feishu). A firm statement is not a question, a guess, nor a proposal
 * turned down: those name values that do not hold. Pure.
 */
import { isRefusedProposal } from '../text/refused.js';
import { refusesInChinese } from '../text/statement-zh.js';

const HAN = /\p{Script=Han}/u;
const DIGIT = /\d/;
/** A Latin token with a joiner inside it: a.b, a/b, a_b, a-b, a:b, a@b, or in backticks. */
const CODE_LIKE = /[A-Za-z0-9][./_:@-][A-Za-z0-9]|`[^`\n]+`/;
/** A capitalised word after a lower-case word: a name, not a sentence's first word. */
const NAME_INSIDE = /\b[a-z][a-z'’-]*,?\s+(?:the\s+)?[A-Z][\p{L}\d]+/u;
const LATIN_WORD = /[A-Za-z]{2,}/;

export function statesAValue(text: string): boolean {
  if (DIGIT.test(text) || CODE_LIKE.test(text)) return true;
  return HAN.test(text) ? LATIN_WORD.test(text) : NAME_INSIDE.test(text);
}

/** Ends as a question, or is a short line with a question word in it (能不能, 找谁). */
const ASKS = /[?？]\s*$|^.{0,40}(?:能不能|可不可以|要不要|是不是|有没有|找谁|多少|什么时候|为什么|怎么)/su;
/** A guess or an option put forward, not a finding. */
const TENTATIVE = /^(?:maybe|perhaps|probably|possibly|one option is|we could|you could|i (?:think|guess|suspect)|可能|也许|或许|大概|估计|建议)/i;

/** A request to the assistant says what the user wants, not what holds: "can you explain …", "I want to make sure …", 帮我看看. */
const REQUEST = /\b(?:can|could|would) you\b|\bhelp me\b|\bi(?:'m| am) (?:trying to|wondering|looking for|confused)\b|\bi want to (?:make sure|understand|know|find)\b|帮我|能不能|可以帮/i;

/** `whole`: the evidence the sentence came from; a request anywhere in it makes all of it one. */
export function isFirm(text: string, whole = text): boolean {
  const t = text.trim();
  return !REQUEST.test(whole) && !ASKS.test(t) && !TENTATIVE.test(t) && !isRefusedProposal(t) && !(HAN.test(t) && refusesInChinese(t));
}
