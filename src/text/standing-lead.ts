/**
 * The leads that say what follows holds from now on ("from now on",
 * "going forward", 以后, 从今天起), one list for both readers of them
 * (lexicon/standing-leads.json): the English statement shapes read past
 * one ("From now on, the staging port is 8443" states the port), and the
 * classifier takes a marker that opens with one for a standing
 * instruction. Two copies had drifted (one knew "starting today", the
 * other "in the future" and the Chinese).
 */
import leads from './lexicon/standing-leads.json' with { type: 'json' };
import { longestPhrasesFirst as phrases } from './lazy-pattern.js';

/** An English lead with its comma and the space after it. */
export const FROM_NOW = new RegExp(`^(?:${phrases(leads.en)})\\b,?\\s+`, 'i');

/** A text that opens with a lead, in either language. */
export const STANDING_LEAD = new RegExp(`^(?:${phrases(leads.en)})\\b|^(?:${phrases(leads.zh)})`, 'i');
