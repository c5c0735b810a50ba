import { describe, expect, it } from 'vitest';
import { asFirstSaid, valuePhrases } from './restated.js';
import { frameTerms, rankPassages } from './rank.js';
import { tokensOf, valueSlots } from './value-slots.js';

const phrasesOf = (text: string) => {
  const toks = tokensOf(text);
  return valuePhrases(toks, valueSlots(text, toks, new Set(frameTerms('what is the gift budget'))));
};

describe('a copy is no newer than its original', () => {
  it('pins a value in the words just before it', () => {
    expect(phrasesOf('since I capped my gifts budget at $400 total')).toEqual(['my gift budget at $400']);
    // Too few words before the value to say it was said in the same words.
    expect(phrasesOf('$400 total')).toEqual([]);
  });

  it('an item that states a value in an earlier one’s words takes its time and session', () => {
    const items = [
      { id: 'copy', at: 900, session: 'late', phrases: ['cap my gift budget at $400'] },
      { id: 'first', at: 100, session: 'early', phrases: ['cap my gift budget at $400'] },
      { id: 'change', at: 200, session: 'early', phrases: ['adjust our gift budget to $450'] },
    ];
    expect(asFirstSaid(items).map((i) => [i.id, i.at, i.session])).toEqual([
      ['copy', 100, 'early'],
      ['first', 100, 'early'],
      ['change', 200, 'early'],
    ]);
  });

  it('a change is not buried under a later paste of the old words', () => {
    const q = 'What is my total budget for holiday gifts this year?';
    const flat = () => 1;
    const found = [
      { id: 1, text: "I'm anxious about the holiday spending, since I capped my gifts budget at $400 total this year.", at: 100, bm25: 9, role: 'user', session: 'a' },
      { id: 2, text: "I've adjusted our holiday gifts budget to $450 this year.", at: 200, bm25: 5, role: 'user', session: 'a' },
      { id: 3, text: "I'm anxious about the holiday spending, since I capped my gifts budget at $400 total, and I approved a trip.", at: 900, bm25: 9, role: 'user', session: 'b' },
    ];
    const ranked = rankPassages(q, found, flat, 100);
    expect(ranked[0]?.id).toBe(2);
    expect(ranked.find((r) => r.id === 3)?.firstSaid).toBe(100);
    // Said in other words, the later statement is the newer one.
    const reworded = found.map((p) => (p.id === 3 ? { ...p, text: 'Holiday gifts this year: the total budget is $400, and I approved a trip.' } : p));
    expect(rankPassages(q, reworded, flat, 100)[0]?.id).toBe(3);
  });
});
