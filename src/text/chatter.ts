/**
 * The words around a fact that carry nothing of it: openers that say when
 * or how the speaker came to say it ("Right now", "Note that", "Looked at
 * next.config.mjs;", "Done:", 目前, 确认了一下：, "X 里写着，") and closers
 * that say nothing else happened ("Nothing else changed.", 别的没问题).
 * Stripped by the shape of the phrase (a leading adverbial, a leading
 * clause that reports looking at something, a trailing clause that denies
 * any other news), not by a list of sentences. Pure.
 */

/** A leading adverbial of time or attention ("Right now", "Note that"), with its comma if any. */
const LEAD_ADVERB_EN =
  /^(?:(?:right|just|for)\s+now|currently|at the moment|at present|as of (?:today|now)|(?:please\s+)?note\s+that|just so you know|to be clear|for the record|by the way|btw|as it stands)\b\s*[,:：—-]?\s*/i;
/** A leading word that is a label only when punctuation follows it: "Done:", "Correction:", "OK,". */
const LEAD_LABEL_EN =
  /^(?:ok(?:ay)?|so|well|anyway|good news|update|correction|confirmed|done|all set|answer|short answer|in short|tl;?dr|fyi|heads[- ]up|note|today|yes|sure|got it)\s*[,:：!—]\s*/i;
/**
 * A leading clause that reports the look rather than the finding, closed
 * by ";", ":" or ",": "Looked at next.config.mjs;", "I checked package.json:",
 * "Checked,". A clause naming a verb of inspection in the past tense, short.
 */
const LEAD_LOOK_EN =
  /^(?:(?:i|we)\s+)?(?:(?:just|have|'ve)\s+)?(?:looked(?:\s+(?:at|into|over|through))?|checked|verified|confirmed|double-checked|inspected|read|reviewed|went through|grepped|searched|opened|found)\b(?:[^;:,.!?]|\.(?=\S)){0,60}[;:,]\s*/i;
/** 目前 / 现在 / 确认了一下： / 看了一下， / X 里写着， at the start. */
const LEAD_ZH =
  /^(?:(?:目前|现在|当前|眼下|此刻|刚才|刚刚|顺便说一下|补充一下|提醒一下|注意|备注|更正一下|更正|纠正一下|说明一下|结论|答复|回答)[，,：:]?\s*|(?:我|我们)?(?:确认|核对|检查|查看|看|查|翻)(?:了一下|了一遍|了下|一下|了|过)(?:[^，,。：:]{0,24})?[，,：:]\s*)/u;
/** A source cited before the fact, ending in a comma: "next.config.mjs 里写着，", "配置里显示，". */
const LEAD_SOURCE_ZH = /^[^，,。：:]{1,40}?(?:里|中)?(?:写着|写的是|显示|说)[，,：:]\s*/u;

/** A trailing clause or sentence that only says nothing else happened. */
const TAIL_EN =
  /(?:^|(?<=[.!?])\s+|[,;:—-]\s*|\s+and\s+)(?:(?:and\s+)?nothing(?:\s+else)?\s+(?:changed|to (?:add|report|change)|new|more|else)|no other (?:changes?|news|issues?)|everything else (?:is|looks|stays|remains)\s+\w+|all (?:else|other) (?:is|looks)\s+\w+|that'?s (?:it|all)|that is (?:it|all)|otherwise (?:all )?(?:good|fine|unchanged)|the rest (?:is|stays) (?:the same|unchanged|fine))\s*[.!]?\s*$/i;
const TAIL_ZH = /(?:^|(?<=[。！？])\s*|[，,；;]\s*)(?:别的|其他|其它|其余|另外)(?:都|也)?(?:没问题|没变|没有变化|不变|照旧|正常|一切正常|没改|没动|没什么)[了的]?[。！!]?\s*$|(?:^|(?<=[。！？])\s*|[，,；;]\s*)(?:就这些|没别的了|没有别的了|其他一切正常)[了的]?[。！!]?\s*$/u;

/** Words every closer holds: most sentences have none, and the closers' patterns cost more than this test. */
const TAIL_CUE = /\b(?:nothing|no other|else|that'?s|that is|otherwise|the rest)\b|别的|其他|其它|其余|另外|就这些|没别的/i;

/** Pure: a sentence without its empty openers and closers ('' when nothing else is left). */
export function stripChatter(sentence: string): string {
  let s = sentence.trim();
  const tails = TAIL_CUE.test(s);
  for (let i = 0; i < 3; i++) {
    const before = s;
    if (tails) s = s.replace(TAIL_EN, '').replace(TAIL_ZH, '').trim();
    s = stripLead(s);
    if (s === before) break;
  }
  return restoreCase(s, sentence.trim());
}

function stripLead(s: string): string {
  const m = LEAD_ADVERB_EN.exec(s) ?? LEAD_LABEL_EN.exec(s) ?? LEAD_LOOK_EN.exec(s) ?? LEAD_ZH.exec(s) ?? LEAD_SOURCE_ZH.exec(s);
  if (!m || m[0].length === 0) return s;
  const rest = s.slice(m[0].length).trim();
  // What is left must still say something: a lead that is the whole sentence stays.
  return rest.length >= 6 ? rest : s;
}

/** The first letter of what is left capitalised as the original sentence was. */
function restoreCase(s: string, original: string): string {
  if (!s || s === original) return s;
  return /^[A-Z]/.test(original) && /^[a-z]/.test(s) ? s[0]!.toUpperCase() + s.slice(1) : s;
}
