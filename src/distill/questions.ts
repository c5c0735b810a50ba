/** A question asks; it states nothing worth remembering by itself. */
export function isQuestion(s: string): boolean {
  const t = s.trim();
  return (
    /[?？]$/.test(t) ||
    /^(?:(?:so|and|but|ok|okay|then|hmm|well)[,\s]+)?(?:what|what's|how|why|where|when|which|who|can|could|should|shall|would|will|is|are|was|were|do|does|did|any idea|anything)\b/i.test(t) ||
    /(?:吗|呢|么)[。！]?$|^(?:怎么|为什么|如何|哪|是否)/.test(t)
  );
}

/**
 * What a question is about, for an answer that leans on it ("Not yet: …",
 * "不可以…"): the question without its mark and closing particle.
 */
export function topicOf(question: string): string {
  return question
    .trim()
    .replace(/[?？!！。.\s]+$/u, '')
    .replace(/(?:吗|呢|么)$/u, '')
    .trim();
}

/** An answer that leans on the question: it does not say what it is about. */
const LEANS = /^(?:yes|no|nope|not yet|not really|it|it's|its|they|they're|there)\b|^(?:this|that)\s+(?:is|was|means|works|one)\b|^(?:是的|是|不是|可以|不可以|不行|能|不能|没有|有的|它|这|那|对)/i;

export function leansOnQuestion(answer: string): boolean {
  return LEANS.test(answer.trim());
}
