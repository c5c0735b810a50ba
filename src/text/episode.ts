/**
 * Is a fact an episode (something that happened once: an event, an error
 * seen, a step done) rather than state (how things are: "the log format is
 * JSON lines")? Decided positively, from words that mark an event or a
 * moment (lexicon/episode-words.json), never from "no subject was found":
 * state that no pattern reads is still state, and state never decays. Pure.
 */
import lexicon from './lexicon/episode-words.json' with { type: 'json' };
import { phrasePattern } from './lazy-pattern.js';

const english = [...lexicon.en.moments, ...lexicon.en.events, ...lexicon.en.errors];
const EN = new RegExp(`\\b(?:${english.map(phrasePattern).join('|')})\\b`, 'i');
const ZH = new RegExp([...lexicon.zh.moments, ...lexicon.zh.events, ...lexicon.zh.errors].map(phrasePattern).join('|'), 'iu');

export function isEpisode(text: string): boolean {
  return EN.test(text) || ZH.test(text);
}
