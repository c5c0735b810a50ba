/**
 * Chinese sentence shapes that state a value (statement.ts): X 是 Y, X 改为 /
 * 换成 / 切到 / 统一用 Y, X 由 A 调整为 B, Y 接手 / 负责 X, X 归 Y, and
 * refusals (没通过, 维持, 已回退到, 没换). The subject is what opens its
 * clause, after words of time (以后, 现在) that carry no part of it. Pure.
 */
import { cutValue, plausibleSubject, plausibleValue, type Found, type Shape } from './statement.js';
import { PLACE_HINT, PLACE_VALUE } from './place-value.js';
import { LazyPattern, longestFirst } from './lazy-pattern.js';
import changeWords from './lexicon/change-words.json' with { type: 'json' };
import placeWords from './lexicon/place-words.json' with { type: 'json' };

/** A subject: a short run of Chinese, Latin words and digits (JDK 版本, preview 端口). */
const S = '([\\p{Script=Han}A-Za-z0-9][\\p{Script=Han}A-Za-z0-9 ._-]{0,20}?)';
/** A person: two to four Chinese characters, or a Latin name or handle. */
const NAME = '(\\p{Script=Han}{2,4}?|[A-Z][\\p{L}\'-]+(?:\\s+[A-Z][\\p{L}\'-]+){0,2}|@[\\w-]+)';
const V = '\\s*([^，,。；;！!？?]+)';
const re = (src: string): LazyPattern => new LazyPattern(src, 'u');

/** Words of time at the start of a clause: they say when, not what. */
const LEAD_TIME = /^(?:以后|今后|从现在起|从今天起|之后|往后|后续|现在|目前|当前|我们的?|项目的?|这边)[，,]?\s*/u;
/**
 * Who did it and 把, which moves the thing changed before its verb: "我已经把默认分页大小改成 50 了"
 * says what "默认分页大小改成 50" says.
 */
const LEAD_BA = /^(?:我们|我|你们|你|他们|他|她|咱们|大家)?(?:已经|已|刚刚|刚|先|又|再|也)?把\s*/u;


/** The verbs that put a new value after them, longest first (lexicon/change-words.json). */
export const CHANGE_VERBS = longestFirst(changeWords.zh_verbs);
const CHANGE = `(?:统一)?(?:${CHANGE_VERBS}|${changeWords.zh_use.join('|')})`;

const CHANGE_RE = new RegExp(CHANGE, 'u');

/** Where a thing is or was moved to (lexicon/place-words.json). */
const PLACE = `(?:${longestFirst(placeWords.zh_verbs)})了?`;
const PLACE_AFTER = `(?:${longestFirst(placeWords.zh_after)})?`;
/** The characters that make a word with a following 是 (老是 "always", 要是 "if", 可是 "but"): no copula then. */
const NOT_COPULA = '[老总可但于要若或只像倒真硬凡]';

const SHAPES: Shape[] = [
  // 缓存已经不是 Redis 了，改为 Memcached
  { cue: /不(?:再)?是/u, re: re(`^${S}(?:已经|已)?不(?:再)?是\\s*([^，,。]+?)\\s*了?[，,]\\s*(?:现在)?(?:改为|改成|换成|而是|是|用)${V}`), subject: 1, other: 2, value: 3 },
  // 构建命令由 A 调整为 B / 从 A 改成 B
  { cue: /由|从/u, re: re(`^${S}(?:由|从)\\s*([^，,。]+?)\\s*(?:调整|调|改|换|升级|降级|切换|迁移|变更|更新|提高|提升|降低|增加|减少|延长|缩短|推迟|提前|延期)(?:为|成|到|至)了?${V}`), subject: 1, other: 2, value: 3 },
  // 对账模块今后归孙浩
  { cue: /归/u, re: re(`^${S}(?:今后|以后|现在|目前|从现在起|从本周起)?(?:改)?归\\s*${NAME}(?:负责|管|维护)?(?:[，,。]|$)`), subject: 1, value: 2, owner: true },
  // 对账模块是赵敏在管 / 由赵敏维护 / 现在是孙浩负责
  { cue: /是|由/u, re: re(`^${S}(?:现在|目前|今后|以后)?(?:是|由)\\s*${NAME}\\s*(?:在管|负责|维护|管理|主管|来管|接手|在负责|在维护|来负责)`), subject: 1, value: 2, owner: true },
  // 孙浩接手了对账模块
  { cue: /接手|负责|维护|在管|主管|接管/u, re: re(`^${NAME}\\s*(?:接手|负责|维护|在管|主管|接管)(?:了)?\\s*${S}(?:[，,。]|$)`), value: 1, subject: 2, owner: true },
  // 对账模块交给孙浩
  { cue: /交给|转给|移交给|交接给/u, re: re(`^${S}(?:已)?(?:交给|转给|移交给|交接给)(?:了)?\\s*${NAME}(?:[，,。]|$)`), subject: 1, value: 2, owner: true },
  // 配置文件在 config/app.yaml / 日志都放在 /var/log/app 下面 / 部署脚本挪到 tools/deploy.sh 了: its location (English "lives in").
  // 在 says many other things (我在看, 代码在 review 中): only a path, a file or a host after it says where.
  { cue: PLACE_HINT, re: re(`^${S}(?:现在|目前|都|也|还|一般|默认|统一|已经|已)*${PLACE}\\s*${PLACE_VALUE}\\s*${PLACE_AFTER}了?(?:[，,。；;！!]|$)`), subject: 1, value: 2, aspect: '位置' },
  // 构建命令切到 ./gradlew build / 统一用 JDK 21
  { cue: CHANGE_RE, re: re(`^${S}${CHANGE}了?${V}`), subject: 1, value: 2 },
  // 覆盖率门槛提到了 85% / 超时调到 30 秒: a quantity raised or lowered. Only before a number, as 提到 also means "mentioned".
  { cue: /(?:到|至)/u, re: re(`^${S}(?:提高|提升|提|调高|调低|调整|调|上调|下调|涨|加|增加|增|扩|扩大|缩|缩短|缩小|延长|放宽|收紧|降低|减少|减|改)(?:到|至)了?\\s*(\\d[^，,。；;！!？?]*)`), subject: 1, value: 2 },
  // 网关现在用 Envoy: a plain 用 only names a value that is a name or a number.
  { cue: /用/u, re: re(`^${S}(?:现在|目前|以后|今后|统一)?(?:用的是|使用|采用|用)\\s*([A-Za-z0-9][^，,。；;！!？?]*)`), subject: 1, value: 2 },
  // build.gradle 显示构建命令为 ./gradlew build
  { cue: /显示|写着|写的是|里是|说/u, re: re(`^.{0,40}?(?:显示|写着|写的是|里是|说)[，,：:]?\\s*${S}(?:(?<!${NOT_COPULA})是|为)${V}`), subject: 1, value: 2 },
  // 数据库为 MySQL 5.7: 为 names a value only when the value is a name or a number (因为, 作为, 认为 are not it).
  { cue: /为/u, re: re(`^${S}(?<![因作认成称以])(?:为|设为)\\s*([A-Za-z0-9][^，,。；;！!？?]*)`), subject: 1, value: 2 },
  // 构建命令是 mvn -q package / 回调重试次数——5 次 / 端口：3000
  // 是 after an adverb or a conjunction (老是, 总是, 可是, 要是 …) is that word, not "is".
  { cue: /是|：|:|—|=/u, re: re(`^${S}\\s*(?:(?<!${NOT_COPULA})是|：|:|——|—|=)${V}`), subject: 1, value: 2 },
];

/** Refused, failed or rolled back: the proposal does not become the value. */
const REFUSED = /没通过|未通过|不通过|否决|拒绝|不采纳|没采纳|驳回|回退|回滚|撤回|撤销|没换|不换|没改|不改|暂不|先不|放弃|作罢|报错|失败|不行/u;
/** 缓存维持 Redis / 还是 Redis */
const KEPT_WITH_SUBJECT = re(`^${S}(?:仍然|依然|还是|继续)?(?:维持|保持|沿用|仍然是|仍是|依然是|还是用|还是|继续用|继续使用|不变[，,]?\\s*(?:还是|仍是)?)${V}`);
/** 已回退到 Redis / 还是 Kafka */
const KEPT = re(`(?:已经|已)?(?:回退|回滚|退回|切回|改回|换回|回到)(?:到|成|为)?${V}|^(?:还是用|还是|仍然是|仍是|依然是|继续用|继续使用|保持)${V}`);
/** 消息队列没换 */
const UNCHANGED = re(`^${S}(?:没换|没变|不变|没改|不换|保持不变|维持不变|照旧)`);
/** 有人提议缓存改用 Caffeine / 把缓存换成 Caffeine 试了 */
const PROPOSED = re(`(?:提议|建议|提出|打算|想|试着|尝试)?(?:把)?${S}(?:改用|换成|改成|改为|切到|用)\\s*([^，,。]+?)(?:\\s*试了|\\s*试试)?(?:[，,。]|$)`);

const KEEP_WORD = /维持|保持|沿用|仍|依然|还是|继续|不变/u;

function refusal(sentence: string): Found | undefined {
  if (!REFUSED.test(sentence) && !(KEEP_WORD.test(sentence) && KEPT_WITH_SUBJECT.test(sentence))) return undefined;
  const clauses = sentence.split(/[，,；;。]/u).map((c) => c.trim().replace(LEAD_TIME, '')).filter(Boolean);
  let subject: string | undefined;
  let kept: string | undefined;
  let other: string | undefined;
  for (const c of clauses) {
    const k = KEPT_WITH_SUBJECT.exec(c);
    if (k) {
      subject = k[1];
      kept = k[2];
      continue;
    }
    const bare = KEPT.exec(c);
    if (bare) {
      kept = bare[1] ?? bare[2];
      continue;
    }
    const same = UNCHANGED.exec(c);
    if (same) {
      subject ??= same[1];
      continue;
    }
    const p = PROPOSED.exec(c.replace(/^(?:有人|他们|同事|大家|团队|产品|老板)/u, ''));
    if (p && other === undefined) {
      subject ??= p[1];
      other = p[2];
    }
  }
  if (!subject || (other === undefined && kept === undefined)) return undefined;
  // "没换，还是 Kafka": nothing proposed, the value confirmed.
  // "缓存还是 Redis" with nothing refused is a plain statement of the value.
  const stance = other !== undefined || REFUSED.test(sentence) ? 'reject' : 'assert';
  const value = kept === undefined ? '' : cutValue(kept);
  const s = tidySubject(subject.trim().replace(/^把/u, ''));
  if (!plausibleSubject(s) || (value && !plausibleValue(value, { amidHan: true }))) return undefined;
  return { subject: s, value, stance, ...(other ? { other: cutValue(other) } : {}) };
}

/**
 * Adverbs and modals that close a subject's clause without naming it ("提交信息都用中文": the
 * subject is 提交信息; "预览端口应该是 8081": 预览端口).
 */
const TRAILING_ADVERB = /(?:都|也|还|就|才|又|仍|已经|已|一律|统一|全部|全都|一般|通常|默认|应该|应当|必须|需要|一定)+$/u;
const tidySubject = (s: string): string => s.replace(TRAILING_ADVERB, '').trim();

/** A short aside in full-width brackets (收费模块（billing/）由王磊负责) says more of a word; the sentence reads without it. */
const withoutAsides = (text: string): string => text.replace(/（[^（）]{0,40}）/gu, '');

/** Pure: the value one Chinese sentence states, if any. */
export function chineseStatement(sentence: string): Found | undefined {
  const refused = refusal(sentence);
  if (refused) return refused;
  for (const clause of sentence.split(/[；;]/u)) {
    const parts = clause.split(/[，,]/u);
    // A shape may span the clause's commas (不是 A 了，改为 B); try it whole first, then each part.
    for (const text of [clause, ...parts.slice(1)]) {
      const c = withoutAsides(text).trim().replace(LEAD_TIME, '').replace(LEAD_BA, '');
      for (const shape of SHAPES) {
        if (!shape.cue.test(c)) continue;
        const m = shape.re.exec(c);
        if (!m) continue;
        const subject = tidySubject((m[shape.subject] ?? '').trim().replace(/^(?:(?:这个|那个|我们|咱们)(?:项目|仓库|服务)?的?|(?:本|该)(?:项目|仓库|服务)的?)/u, ''));
        const value = cutValue(m[shape.value] ?? '');
        if (!plausibleSubject(subject) || !plausibleValue(value, { amidHan: true })) continue;
        const other = shape.other !== undefined && m[shape.other] ? cutValue(m[shape.other] ?? '') : undefined;
        const named = shape.aspect ? `${subject}${shape.aspect}` : subject;
        return { subject: named, value, stance: 'assert', ...(other ? { other } : {}), ...(shape.owner ? { owner: true } : {}) };
      }
    }
  }
  return undefined;
}

/** 否决、回退或仅仅提议的改动：它的值不是当前值。 */
/** A sentence that refuses or reverts a change (not one that only proposes it). */
export function rejectsInChinese(sentence: string): boolean {
  return REFUSED.test(sentence);
}

export function refusesInChinese(sentence: string): boolean {
  return REFUSED.test(sentence) || /提议|建议|打算|讨论过|考虑过/u.test(sentence);
}
