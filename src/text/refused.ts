/**
 * A refused proposal: a change that was put forward and turned down ("someone
 * floated sending deploys through the green cluster, but we're not doing
 * that", "有人提议把端口改成 9090，被否决了"). Nothing of the project changed:
 * with a current value known it confirms that value (subject-decision.ts);
 * with none, there is nothing to keep. A lesson is another thing: "we tried
 * Redis for the cache and it failed under load" proposes nothing, it
 * happened. Pure; the words are data (lexicon/proposal-words.json).
 */
import lexicon from './lexicon/proposal-words.json' with { type: 'json' };
import { phrasePattern } from './lazy-pattern.js';

const words = (ws: string[]): string => ws.map(phrasePattern).join('|');

const PROPOSED = new RegExp(`\\b(?:${words(lexicon.en.proposed)})\\b|${words(lexicon.zh.proposed)}`, 'iu');
const DECLINED = new RegExp(`\\b(?:${words(lexicon.en.declined)})\\b|${words(lexicon.zh.declined)}`, 'iu');

/** The sentence puts a change forward and turns it down. */
export function isRefusedProposal(sentence: string): boolean {
  return PROPOSED.test(sentence) && DECLINED.test(sentence);
}
