import { describe, expect, it } from 'vitest';
import { cosine } from './embed/embedder.js';
import { lexicalVector } from './embed/lexical.js';
import { rarityWeight } from './query-rarity.js';
import { memoryStore, POLICY } from './test-helpers.js';

describe('rarityWeight', () => {
  it('weighs a word fewer memories hold more, and never below zero', () => {
    expect(rarityWeight(1, 1000)).toBeGreaterThan(rarityWeight(10, 1000));
    expect(rarityWeight(10, 1000)).toBeGreaterThan(rarityWeight(900, 1000));
    expect(rarityWeight(1000, 1000)).toBeGreaterThan(0);
    // An empty store still gives a finite weight.
    expect(Number.isFinite(rarityWeight(0, 0))).toBe(true);
  });
});

describe('lexicalVector with weights', () => {
  it('is the unweighted vector when every weight is 1, and leans to the heavy word otherwise', () => {
    const q = 'Melanie clarinet';
    expect([...lexicalVector(q, () => 1)]).toEqual([...lexicalVector(q)]);
    const heavy = lexicalVector(q, (t) => (t === 'clarinet' ? 10 : 1));
    expect(cosine(heavy, lexicalVector('clarinet'))).toBeGreaterThan(cosine(lexicalVector(q), lexicalVector('clarinet')));
    // Chinese bigrams are weighed too.
    const zh = lexicalVector('部署流程', (t) => (t === '流程' ? 10 : 1));
    expect(cosine(zh, lexicalVector('流程'))).toBeGreaterThan(cosine(lexicalVector('部署流程'), lexicalVector('流程')));
  });
});

describe('search weighs query words by their rarity in the store (a real store)', () => {
  it('matches the rare word over a name every memory holds', async () => {
    const s = memoryStore();
    const chores = ['groceries', 'laundry', 'the garden', 'a dentist visit', 'the car wash', 'school pickup', 'a birthday card', 'the plumber'];
    for (const [i, chore] of chores.entries()) {
      await s.write({ type: 'fact', text: `Melanie: Melanie reminded Melanie about ${chore} on day ${i}`, dir: '/p', agent: 'a', sessionId: `s${i}`, source: null }, POLICY);
    }
    await s.write({ type: 'fact', text: 'I practise the clarinet every evening before dinner', dir: '/p', agent: 'a', sessionId: 'music', source: null }, POLICY);
    const hits = await s.search('Melanie clarinet', { limit: 3 });
    const clarinet = hits.find((h) => h.memory.text.includes('clarinet'));
    const name = hits.find((h) => !h.memory.text.includes('clarinet'));
    expect(hits[0]?.memory.text).toContain('clarinet');
    // The vector half agrees with bm25: unweighted, the name's memories were nearer.
    expect(clarinet?.cosine ?? 0).toBeGreaterThan(name?.cosine ?? 1);
  });
});
