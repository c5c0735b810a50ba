/**
 * How worth remembering a sentence of a reply is. Pure and deterministic:
 * concrete project entities count most, then rules, status and changes;
 * questions, narration, acknowledgements and sentences that name nothing of
 * this project (general knowledge) count nothing.
 */
import { anchored, entityCount, featuresOf } from './features.js';
import { hasSignal } from './signals.js';
import { isQuestion, leansOnQuestion } from './questions.js';
import { statementOf } from '../text/statement.js';
import { weightedLength } from '../text/index.js';

/** At least this score makes a sentence a memory; a neighbour of one joins it at KEEP_WITH. */
export const KEEP_AT = 3;
export const KEEP_WITH = 2;
/** Weighted (a Chinese character counts two): 王芳负责发布流程 says as much as a 16-letter sentence. */
const MIN_CHARS = 12;
/** A sentence that states a value is short; a longer one is looked at for its entities only. */
const STATEMENT_MAX_CHARS = 200;

/** The assistant saying what it is about to do: "Looking at X now.", "我先看一下". */
const NARRATION =
  /^(?:(?:ok(?:ay)?|sure|alright|now|first|next)[,，]?\s*)?(?:let me|let's see|i'll|i will|i'm going to|i am going to|i'm|i am|looking|checking|reading|searching|opening|running|thinking|now i|next i|first i)\b|^(?:我先|我来|让我|先让我|我去|我这就|正在|现在开始|下面我|接下来我|我看看|我查一下)/i;
/** A guess, not a finding: "maybe the rate limit is too low", 可能是限流配置太低. What it proposes is no value of anything yet. */
const HEDGE = /^(?:(?:so|well|hmm)[,，]?\s*)?(?:maybe|perhaps|probably|possibly|it (?:might|may|could) be|might be|could be|i (?:think|guess|suspect|believe)|my guess is)\b|^(?:可能|也许|或许|大概|估计|猜测|我猜|我估计|怀疑|应该是)/i;
/** An acknowledgement or sign-off, whatever it restates: "Understood: …", "明白，…". */
const ACK =
  /^(?:ok(?:ay)?|sure|great|nice|cool|thanks|thank you|understood|noted|got it|will do|of course|no problem|you're welcome|glad|sounds good|perfect|hi|hello|hey|bye|好的|好|明白|收到|了解|知道了|没问题|可以的|不客气|谢谢|你好|再见|行)(?:[\s!！.。,，:：~～]|$)/i;
/** First person, past tense: the assistant reporting a change it made. */
const MADE_CHANGE =
  /\bi(?:'ve| have)?\s+(?:\w+ly\s+)?(?:fixed|added|changed|replaced|removed|moved|renamed|froze|made|set|raised|lowered|reduced|increased|updated|rewrote|refactored|switched|wrapped|pinned|configured|disabled|enabled|deleted|created)\b|(?:我|已经|已)(?:把|将)?[^，。]{0,20}(?:改成|改为|改了|加了|设置为|调整为|去掉了|删除了|换成了|修复了)/i;

export interface Scored {
  text: string;
  score: number;
}

const NOT_LETTER_OR_SPACE = /[^\p{L}\s]/gu;
const ASTRAL = /[\u{10000}-\u{10FFFF}]/gu;
/** Characters (code points), without splitting the string into an array of them. */
const codePoints = (s: string): number => s.length - (s.match(ASTRAL)?.length ?? 0);

/** Data printed by a program (JSON, a table row, a hex dump) is not a statement. */
export function isProse(s: string): boolean {
  if (/^[{[]/.test(s) && /[}\]]$/.test(s)) return false;
  if (/"\w+"\s*:/.test(s)) return false;
  // Letters and spaces counted by removing the rest: matching each one made an array of them (every reply sentence of a session).
  return codePoints(s.replace(NOT_LETTER_OR_SPACE, '')) / codePoints(s) >= 0.6;
}

export function isNarration(s: string): boolean {
  return NARRATION.test(s.trim()) && !MADE_CHANGE.test(s);
}

export function isAcknowledgement(s: string): boolean {
  return ACK.test(s.trim());
}

/** Points for what an anchored sentence carries (design notes, Distillation: Scoring). */
function scoreOf(s: string, f: ReturnType<typeof featuresOf>, answers: boolean): number {
  let score = 2 * entityCount(f);
  if (f.rule) score += 2;
  if (f.status) score += 2;
  if (MADE_CHANGE.test(s)) score += 2;
  else if (f.change) score += 1;
  if (hasSignal(s)) score += 1;
  if (f.location) score += 1;
  if (f.properNoun) score += 1;
  if (f.deixis) score += 1;
  if (answers) score += 1;
  return score;
}

/**
 * The score of one reply sentence. `question` is the user's turn when it
 * asked or requested something: the informative sentences of the answer
 * are what the session established, and an answer that leans on the
 * question ("No, …") is about what the question names.
 */
export function worth(sentence: string, question?: string): number {
  const answers = question !== undefined;
  const s = sentence.trim();
  if ((s.length < MIN_CHARS && weightedLength(s) < MIN_CHARS) || !isProse(s) || isQuestion(s) || isNarration(s) || isAcknowledgement(s) || (HEDGE.test(s) && !MADE_CHANGE.test(s))) return 0;
  const f = featuresOf(question && leansOnQuestion(s) ? `${question} ${s}` : s);
  // A change the assistant reports having made is this project's by definition.
  const tied = anchored(f) || MADE_CHANGE.test(s);
  let score = tied ? scoreOf(s, f, answers) : 0;
  // The value of a thing ("the preview port is 3001", 对账模块是赵敏在管) is state worth keeping.
  // Looked for only where it decides (finding it costs more than the rest of the score).
  if (score < KEEP_AT && s.length <= STATEMENT_MAX_CHARS && statementOf(s)) score = (tied ? score : scoreOf(s, f, answers)) + 2;
  return score;
}
