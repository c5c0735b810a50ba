const ASKS_EN = /^(?:(?:so|and|but|ok|okay|then|hmm|well)[,\s]+)?(?:what|what's|how|why|where|when|which|who|can|could|should|shall|would|will|is|are|was|were|do|does|did|any idea|anything)\b/i;
/** A later clause asks when it opens as a question does, its verb before its subject ("…, what is it again"). */
const ASKS_LATER_EN = /^(?:what|how|where|when|why|who)\s+(?:is|are|was|were|do|does|did|should|can|could|would|will)\s+(?:it|this|that|the|we|you|i|they|there|our|my)\b/i;
const ASKS_ZH = /(?:吗|呢|么)[。！]?$|^(?:怎么|为什么|如何|哪|是否)/u;

/**
 * A question asks; it states nothing worth remembering by itself. A later
 * clause may ask after a statement ("I always forget which port it uses,
 * what is it again"): the line asks.
 */
export function isQuestion(s: string): boolean {
  const t = s.trim();
  return /[?？]$/.test(t) || ASKS_ZH.test(t) || ASKS_EN.test(t) || t.split(/[,;:，；：]\s*|\s[—–-]\s/u).slice(1).some((clause) => ASKS_LATER_EN.test(clause.trim()));
}

/** A Chinese question word wherever it stands: 收费代码找谁, 日批一般什么时候跑. */
const ASKS_WITHIN_ZH = /谁(?![都也])|什么时候|哪(?:个|里|儿|些|家|天|位|一)|多少|为啥|为什么|是不是|有没有|能不能|要不要|对不对|啥/u;
/** What a user types this short with a question word is a question, mark or none (a reply's sentences are read by isQuestion). */
const SHORT_ASK = 40;

export function userAsks(line: string): boolean {
  return isQuestion(line) || ([...line].length <= SHORT_ASK && ASKS_WITHIN_ZH.test(line));
}

/**
 * What a question is about, for an answer that leans on it ("Not yet: …",
 * "不可以…"): the question without its mark and closing particle.
 */
export function topicOf(question: string): string {
  return question
    .trim()
    .replace(/[?？!！。.\s]+$/u, '')
    // 么 closes 要么 or 好么, but is part of 什么, 怎么, 那么, 这么, 多么.
    .replace(/(?:吗|呢|(?<![什怎那这多])么)$/u, '')
    .trim();
}

/** An answer that leans on the question: it does not say what it is about. */
const LEANS = /^(?:yes|no|nope|not yet|not really|it|it's|its|they|they're|there)\b|^(?:this|that)\s+(?:is|was|means|works|one)\b|^(?:是的|是[，,。！]|不是|可以|不可以|不行|能[，,。！]|不能|没有|有的|它|这|那|对[，,。！的])/i;

export function leansOnQuestion(answer: string): boolean {
  return LEANS.test(answer.trim());
}

/** The shapes of asking what something is in general: a definition, a meaning, how a thing works. */
const GENERAL_EN =
  /^(?:(?:so|and|ok|okay|hey|quick question)[,:\s]+)?(?:what(?:'s| is| are)\s+(?:a|an)\s|what does\s.+\s(?:mean|stand for)\b|what(?:'s| is| are)\s+(?!the\b|our\b|this\b|that\b|these\b|those\b|my\b|your\b|we\b|it\b)[\w.+#-]+(?:\s+[\w.+#-]+){0,3}\s*(?:,\s*briefly|briefly)?\s*[?？]?\s*$|(?:can you\s+|please\s+)?(?:explain|define|describe)\s+(?!(?:the|this|that|our|why|what|how|where|when|it|these|those|my|your)\b)|how (?:does|do)\s+(?:a|an)\s|how (?:does|do|is|are)\s+(?!(?:the|our|this|we|it|my|your|you|i)\b)[\w.+#-]+(?:\s+[\w.+#-]+){0,3}\s+(?:work|works|differ|compare)\b|what(?:'s| is| was)\s+the\s+(?:capital|population|meaning|origin|history|definition|etymology|plural)\s+of\s|tell me (?:a|another) (?:joke|story|fun fact)|what(?:'s| is) the difference between\s|why (?:is|are|does|do)\s+(?:a|an)\s)/i;
const GENERAL_ZH = /^(?:请|帮我)?(?:解释一下|解释下|解释|介绍一下|科普一下|讲讲|说说)|^什么是|是什么意思[？?]?$|什么意思[？?]?$|有什么区别[？?]?$|的区别是什么[？?]?$/u;
/** Words that tie a question to this project: then it is not general knowledge. */
const ABOUT_US = /\b(?:we|our|us|this|here|repo|repository|project|codebase|config|setup|team)\b|我们|咱们|项目|仓库|这个|这里|我们的|配置/i;
const CODE_LIKE = /[`/\\]|\b\w+\.(?:ts|js|py|go|rs|java|json|ya?ml|toml|sql|md|sh)\b|\b[a-z]+_[a-z_]+\b|\b[a-z]+[A-Z]\w*\b/;

/**
 * A question about the world, not about this project: "what is a monad",
 * "what does HTTP 418 mean", "解释一下 CAP 定理". Its answer is general
 * knowledge, which the model knows already: nothing to remember.
 */
export function isGeneralQuestion(question: string): boolean {
  const q = question.trim();
  return (GENERAL_EN.test(q) || GENERAL_ZH.test(q)) && !ABOUT_US.test(q) && !CODE_LIKE.test(q);
}
