/**
 * Token counts come from a real BPE tokenizer (cl100k_base via
 * gpt-tokenizer), not characters ÷ 4, which is badly wrong for Chinese.
 * Loaded lazily: it costs ~70–100 ms, paid by the background warm, the
 * distiller and `context`; a launch counts from the piece counts they keep
 * (token-pieces.ts).
 */
export type TokenCounter = (text: string) => number;

let counter: Promise<TokenCounter> | undefined;

export function loadTokenCounter(): Promise<TokenCounter> {
  counter ??= import('gpt-tokenizer/encoding/cl100k_base').then((m) => (text: string) => m.countTokens(text));
  return counter;
}
