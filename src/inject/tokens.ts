/**
 * Token counts come from a real BPE tokenizer (cl100k_base via
 * gpt-tokenizer), not characters ÷ 4, which is badly wrong for Chinese.
 * Loaded lazily: it costs ~70–100 ms, paid by the background warm, the
 * distiller and `context`; a launch counts from the piece counts they keep
 * (token-pieces.ts).
 */
import { importTokenizer } from '../packages.js';

export type TokenCounter = (text: string) => number;

let counter: Promise<TokenCounter> | undefined;
const AS_TEXT = { disallowedSpecial: new Set<string>() };

export function loadTokenCounter(): Promise<TokenCounter> {
  // A memory may hold "<|endoftext|>" and its kin: they are text here, counted as text (the tokenizer refuses them by default).
  counter ??= importTokenizer().then((m) => (text: string) => m.countTokens(text, AS_TEXT));
  return counter;
}
