/**
 * What a memory states the value of, found locally in Chinese and English:
 * "the preview server port is 3000", "Bumped the e2e command to pnpm
 * e2e:ci", "Maria now looks after the CMS integration", "构建命令切到
 * ./gradlew build", "有人提议…，评审没通过，缓存维持 Redis". A statement has a
 * subject (the thing), its key (subject-key.ts), the value, and a stance:
 * `assert` (the value is now this) or `reject` (a proposal was refused or
 * rolled back; the value named is the one that stays). Text that states no
 * value of a thing (an episode, a cause, a how-to) has none. Pure.
 */
import { stripChatter } from './chatter.js';
import participles from './lexicon/participles.json' with { type: 'json' };
import { englishStatement } from './statement-en.js';
import { chineseStatement } from './statement-zh.js';
import { toolStatement, versionSubject } from './statement-tools.js';
import { subjectKey } from './subject-key.js';
import { timeSubject } from './time-value.js';
import type { Pattern } from './lazy-pattern.js';

export type Stance = 'assert' | 'reject';

export interface Statement {
  /** The thing whose value is stated, as written ("preview server port", "对账模块负责人"). */
  subject: string;
  /** Its normalised key: restatements in other words and the other language share it. */
  key: string;
  /** The value stated; for a rejection, the value that stays ('' when the sentence does not name it). */
  value: string;
  stance: Stance;
  /** The value it replaces, or the proposal refused, when the sentence names it. */
  other?: string;
}

/** What a language's patterns find in one sentence, before the key is made. */
export interface Found {
  subject: string;
  value: string;
  stance: Stance;
  other?: string;
  /** The subject is who owns the thing named: its key gains "owner". */
  owner?: boolean;
}

/** A sentence shape of either language: where its subject and value sit. */
export interface Shape {
  /** A cheap test first: most sentences lack the words a shape turns on, and the shape's own pattern costs more. */
  cue: Pattern;
  re: Pattern;
  /** Capture group numbers of the subject, the value and the other value. */
  subject: number;
  value: number;
  other?: number;
  owner?: boolean;
  /**
   * "Name: text" is also how a chat line starts ("Caroline: Yay! …"): a
   * label counts only as the whole of a plain sentence, not an exclamation,
   * a question or the head of a longer turn.
   */
  label?: boolean;
  /** Words the shape adds to the subject: "the dev server listens on port 8080" is about the dev server's port. */
  aspect?: string;
}

const HAN = /\p{Script=Han}/u;

/** 。！？!? end a sentence wherever they are. */
const isEnd = (c: number): boolean => c === 0x3002 || c === 0xff01 || c === 0xff1f || c === 0x21 || c === 0x3f;
const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x3000;

/**
 * Sentences: split after a sentence end, a "." only before a space (so
 * next.config.mjs and 15.1 stay whole), and at line breaks. A loop over
 * char codes: this runs on every candidate a session writes.
 */
function sentencesOfText(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const cut = (end: number): void => {
    const s = text.slice(start, end).trim();
    if (s) out.push(s);
    start = end;
  };
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) cut(i);
    // A lone "." after a space is a path (biome check .), not a sentence end.
    else if (isEnd(c) || (c === 0x2e && (i + 1 === n || isSpace(text.charCodeAt(i + 1))) && i > 0 && !isSpace(text.charCodeAt(i - 1)))) {
      while (i + 1 < n && isEnd(text.charCodeAt(i + 1))) i++;
      cut(i + 1);
    }
  }
  cut(n);
  return out;
}

/**
 * A session says the same sentences again (a repeated answer; a passage
 * made of sentences already scored; the screen and the write asking about
 * one text): each sentence's answer is kept. Bounded; cleared when full.
 */
const MEMO_SIZE = 4096;
const memo = new Map<string, Statement | null>();

/** Pure: the first statement of a value in the text, or undefined. */
export function statementOf(text: string): Statement | undefined {
  const sentences = sentencesOfText(text);
  const alone = sentences.length === 1;
  for (const said of sentences) {
    const found = sentenceStatement(said, alone);
    if (found) return found;
  }
  return undefined;
}

/** One sentence's statement, remembered by the sentence (and whether it stands alone, which a label needs). */
function sentenceStatement(said: string, alone: boolean): Statement | undefined {
  const key = alone ? `1${said}` : `0${said}`;
  const known = memo.get(key);
  if (known !== undefined) return known ?? undefined;
  const topic = afterTopic(said, alone);
  const found = topic === null ? undefined : (topic ?? parseSentence(said, alone));
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(key, found ?? null);
  return found;
}

function parseSentence(said: string, alone: boolean): Statement | undefined {
  const sentence = stripChatter(said);
  if (!sentence || /[?？]\s*$/.test(sentence)) return undefined;
  // A tool named in the first clause with no shape of its own comes before a later clause's shape
  // ("我们切到 pnpm 了，lockfile 是 pnpm-lock.yaml" is about the package manager first).
  const first = sentence.split(/[;；,，]/u)[0] ?? '';
  const early = first !== sentence ? toolStatement(first) : undefined;
  const shaped = early && shapeStatement(first, alone) === undefined ? early : undefined;
  return (
    keyed(shaped) ??
    keyed(shapeStatement(sentence, alone)) ??
    // No shape names a subject: the tool may say which one it is.
    keyed(toolStatement(sentence))
  );
}

function shapeStatement(sentence: string, alone: boolean): Found | undefined {
  return HAN.test(sentence) ? (chineseStatement(sentence) ?? englishStatement(sentence, { alone })) : englishStatement(sentence, { alone });
}

function keyed(found: Found | undefined): Statement | undefined {
  if (!found) return undefined;
  // A product at a bare version ("Bumped node to 22.3.0") is about its version, a thing at a time (发版改到周四) about its time;
  // the words said stay when they name it already.
  const aspect = found.owner ? undefined : (versionSubject(found.subject, found.value) ?? timeSubject(found.subject, found.value));
  const said = aspect && subjectKey(aspect) !== subjectKey(found.subject) ? aspect : found.subject;
  const key = subjectKey(found.owner ? `${said} owner` : said);
  if (!key) return undefined;
  const subject = found.owner ? ownerPhrase(said) : said;
  return { subject, key, value: found.value, stance: found.stance, ...(found.other ? { other: found.other } : {}) };
}

/**
 * "测试命令是什么: 这个项目的测试命令是 pytest -q", "question 12 about the
 * test command: The test command is …": the topic a distilled answer
 * carries in front is not part of what it states. What follows it is
 * looked at first (usually a sentence seen already); a label ("Region:
 * eu-west-1") states nothing after its colon and is read whole. A colon
 * glued to the Latin word or slash after it is inside a token (pnpm
 * test:unit, localhost:5173, http://), not after a topic: "测试命令是 pnpm
 * test:unit，不要用 npm test" is about the test command, not "unit, …".
 */
const TOPIC = /^(.{1,100}?)(?:：|:(?![A-Za-z0-9_/\\]))\s*(.+)$/su;
const QUESTION_END = /(?:[?？]|什么|怎么|哪个|哪里|吗|呢|多少|几个?)$|^(?:what|how|which|who|where|when|why|is|are|can|could|should|do|does|did|any)\b/iu;

/** The statement after a topic; null when a question stands in front of nothing stated; undefined to read the sentence whole. */
function afterTopic(said: string, alone: boolean): Statement | null | undefined {
  const m = TOPIC.exec(said);
  if (!m) return undefined;
  return sentenceStatement(m[2] ?? '', alone) ?? (QUESTION_END.test((m[1] ?? '').trim()) ? null : undefined);
}

function ownerPhrase(thing: string): string {
  return HAN.test(thing) ? `${thing}负责人` : `owner of ${thing}`;
}

const ABSTRACT_EN =
  /^(?:reason|cause|root cause|problem|issue|bug|fix|answer|question|thing|point|idea|result|difference|solution|catch|trick|error|output|plan|goal|takeaway|upshot|gist|summary|status|rest|other|others|one|way|best way|only way|key|trouble|concern|risk|downside|upside|benefit|advantage|conclusion|next step|step)$/i;
const PRONOUN_EN = /^(?:it|this|that|these|those|there|here|which|what|who|he|she|they|we|i|you|everything|nothing|something|anything|all|none|someone|somebody|everyone)$/i;
const PRONOUN_ZH = /^(?:我们|我|你|您|他|她|它|他们|这|那|这个|那个|这里|那里|有人|大家|谁|哪个|什么|原因|问题|结论|结果|办法|方法|区别|答案)$/u;

/** Whether a subject phrase can name a thing: some letters, not a pronoun or an abstract noun, not too long. */
export function plausibleSubject(subject: string): boolean {
  const s = subject.trim().replace(/^(?:the|our|this|its|their|a|an)\s+/i, '');
  if (!/\p{L}/u.test(s)) return false;
  // One Chinese character is a particle or an adverb (还, 也, 就), not a thing; nor is a
  // prohibition (不要用 npm test, 别再改, 禁止直接写): what it forbids is no value of anything.
  if (HAN.test(s)) {
    const compact = s.replace(/\s+/g, '');
    const n = [...compact].length;
    return (
      n >= 2 &&
      n <= 16 &&
      !PRONOUN_ZH.test(s) &&
      !/^(?:把|被|让|给|如果|要是|若是|假如|万一|因为|所以|但是|然后|而且|并且|有人|大家|决定|打算|准备|建议|需要|应该|可以|开始|继续|已经|正在|记得|注意|发现|觉得|认为|不要|不能|不用|不许|不得|不准|不必|别|勿|禁止|请勿|切勿|千万)/u.test(s) &&
      // "排查问题时改成 debug": a clause ending in 时 / 的时候 says when, and what it sets then is
      // no current value (超时, 响应超时 are things).
      !/\p{Script=Han}{2,}(?<!超)(?:时|时候)$/u.test(compact)
    );
  }
  const words = s.split(/\s+/);
  return words.length <= 6 && !PRONOUN_EN.test(s) && !ABSTRACT_EN.test(s);
}

/** A value that opens like a clause, not like a thing. */
const CLAUSE_START_EN =
  /^(?:that|because|why|how|when|whether|if|what|where|who|not|no|to be|being|done|fine|good|ok|okay|true|false|correct|wrong|right|broken|working|here|there|it|this|the same|a bit|very|too|unclear|unknown|tbd|now|so|really|pretty|quite|super|totally|also|such|i|i'm|i've|i'd|you|you're|you'd|we|we're|he|she|they|my|your|his|her|their|me|us|them|wow|hey|hi|hello|thanks|thank|yeah|yes|yep|yup|nope|oh|ah|aw|haha|lol|sure|great|awesome|cool|nice|amazing|lovely|love|absolutely|definitely|of course|agreed|exactly|same|unfortunately|fortunately|well|besides|basically|honestly|anyway|actually|luckily|hopefully|sadly|apparently|maybe|perhaps|probably)\b/i;
/** A word that judges rather than names: its ending says it is an adjective or a gerund. */
const OPINION = /^[a-z]+(?:ble|ive|ful|ous|ing|ant|ent|al|ic|ish|less|ary|ory)\b/;
/** A verb or a person in a value: it is a sentence someone said, not a value. */
const SAID = /\b(?:i|i'm|i've|i'll|you|you're|we|we're|he|she|they|it's|that's|is|are|was|were|have|has|had|do|does|did|went|got|love|like|think|feel|know|want|see|go|going|can|could|would|should|will)\b/i;

/** Whether a value names something concrete enough to compare: short, and a name, a number, a code or a Chinese term. */
export function plausibleValue(value: string, o: { amidHan?: boolean } = {}): boolean {
  const v = value.trim();
  if (!v || v.length > 80 || !/[\p{L}\p{N}]/u.test(v)) return false;
  // Chinese prose says "X 是 Y" of anything; a value is a name, a number or a short term, not a clause.
  if (HAN.test(v)) return [...v].length <= 30 && !/[：]|:\s/u.test(v) && !/^(?:什么|怎么|为什么|哪|吗|呢|没有|不是|不|因为|由于|如果|可以|会|能|要|在|把|被)/u.test(v) && (/[A-Za-z0-9]/.test(v) || [...v].length <= 8);
  if (CLAUSE_START_EN.test(v) || v.split(/\s+/).length > 8 || SAID.test(v) || /[!?]/.test(v)) return false;
  // "a status code from RFC 2324", "the capital of France": a description, not a value.
  if (/^(?:a|an|the)\s/i.test(v)) return false;
  // "Researching adoption agencies": an activity, not a value.
  if (/^[A-Za-z]+ing\s/.test(v)) return false;
  if (/[\d`./:_@-]|[A-Z]/.test(v)) return true;
  // Plain lower-case words are a value ("json lines", "postgres") unless they open with a judgement
  // ("incredible", "important to me"). Latin words amid Chinese are names (数据库迁移用 alembic):
  // nobody writes an English adjective into a Chinese sentence to say what a thing is.
  return v.split(/\s+/).length <= 3 && (o.amidHan === true || !OPINION.test(v));
}

/** A file named after the value: where it is written down ("3000 per config.yaml"), not part of it. */
const FILE_CITED = /\s+(?:in|per|from)\s+(?=[\w./-]*\.[a-z]{1,5}\b)/iu;
const IRREGULAR = new Set(participles.en);
/** One word that is a past participle ("built", "loaded", "written"): a passive verb, not a value by itself. */
const isParticiple = (head: string): boolean => /^[a-z]+$/.test(head) && (head.endsWith('ed') || IRREGULAR.has(head));

/** The value alone, without what follows it in the clause (a file cited, a reason, "and updated X"). */
export function cutValue(raw: string): string {
  let v = raw.trim();
  const stop =
    /\s+\(|\s*（|\s*[;；。]|,\s+(?:so|and|but|which|since|because|as|not|now|it|they|the|we|per|see|starting|effective)\b|,\s*$|\s+(?:and|but)\s+(?:updated|changed|bumped|moved|the|we|it|they|i|that|this|so|also)\b|\s+(?:because|since|so that|starting|effective|from now on|going forward|for now|as of|until|instead of)\b|\s+(?:last|this|next)\s+(?:week|month|sprint|quarter|year|night|time)\b|\s+(?:yesterday|today|tonight|recently)\b|\s+[—–]\s|，|,\s/iu;
  const m = stop.exec(v);
  // "3000 per config.yaml" cites where it is written; "built from Dockerfile.prod" is how, and all of it is the value.
  const cite = FILE_CITED.exec(v);
  const at = [m?.index, cite && !isParticiple(v.slice(0, cite.index)) ? cite.index : undefined].filter((i): i is number => i !== undefined && i > 0);
  if (at.length) v = v.slice(0, Math.min(...at));
  v = v.replace(/^(?:now|currently|still|set to|at|on|to)\s+/i, '').replace(/[.。!！]+$/u, '');
  v = v.replace(/\s+(?:now|again|instead|too|as well|any ?more|already|for now|going forward|from now on|this week|today)$/i, '');
  v = v.replace(/[.。!！]+$/u, '').replace(/(?:了|的|啦|呢|吧|啊|呀|嘛)+$/u, '').trim();
  // "Retry count: 3 -> 5": the value is where the arrow points.
  v = v.replace(/^\S.*?\s*(?:->|→|=>|⇒)\s*(?=\S)/u, '');
  return v.replace(/^[`'"“‘]+|[`'"”’]+$/g, '').trim();
}
