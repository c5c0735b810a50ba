/**
 * The passages of one reply worth keeping: runs of neighbouring sentences
 * that score, best first, at most a few per turn, whole sentences only (a
 * command or a path is never cut). An answer that leans on the question
 * ("Not yet: …", "不可以…") gets the question's topic in front, so the
 * memory makes sense alone months later. Pure.
 */
import { KEEP_AT, KEEP_WITH, worth } from './worth.js';
import { leansOnQuestion, topicOf } from './questions.js';
import { stripChatter } from '../text/chatter.js';

export const MAX_PASSAGES_PER_TURN = 2;
/** A passage grows sentence by sentence up to this length; a longer sentence stays whole. */
const PASSAGE_MAX_CHARS = 420;


function join(a: string, b: string): string {
  return /[。！？；]$/u.test(a) ? `${a}${b}` : `${a} ${b}`;
}

/**
 * Runs of sentences scoring at least KEEP_WITH that hold one scoring
 * KEEP_AT. A passage is made of the sentences as they will be kept (their
 * empty openers and closers stripped), scored as they were said.
 */
function passages(sentences: string[], scores: number[]): Array<{ text: string; first: string; score: number; at: number }> {
  const out: Array<{ text: string; first: string; score: number; at: number }> = [];
  let run: number[] = [];
  const close = (): void => {
    if (run.some((i) => (scores[i] ?? 0) >= KEEP_AT)) {
      let text = '';
      let first = '';
      let best = 0;
      let at = run[0] ?? 0;
      for (const i of run) {
        const s = stripChatter(sentences[i] ?? '');
        if (!s) continue;
        if (text && [...join(text, s)].length > PASSAGE_MAX_CHARS) {
          if (best >= KEEP_AT) out.push({ text, first, score: best, at });
          text = '';
          best = 0;
          at = i;
        }
        if (!text) first = s;
        text = text ? join(text, s) : s;
        best = Math.max(best, scores[i] ?? 0);
      }
      if (text && best >= KEEP_AT) out.push({ text, first, score: best, at });
    }
    run = [];
  };
  sentences.forEach((_, i) => {
    if ((scores[i] ?? 0) >= KEEP_WITH) run.push(i);
    else close();
  });
  close();
  return out;
}

/**
 * `question` is the user's turn when it asked or requested something; the
 * sentences answering it count for more, and lean on its topic.
 */
export function pickPassages(sentences: string[], question?: string): string[] {
  const scores = sentences.map((s) => worth(s, question));
  return passages(sentences, scores)
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .slice(0, MAX_PASSAGES_PER_TURN)
    .sort((a, b) => a.at - b.at)
    .map((p) => {
      const topic = question ? topicOf(question) : '';
      return topic && leansOnQuestion(p.first) ? `${topic}: ${p.text}` : p.text;
    });
}
