import { describe, expect, it } from 'vitest';
import { ANSWER_TERMS, rankAnswerTerms, termsOf } from './answer-terms.js';
import { memoryStore, POLICY } from './test-helpers.js';

describe('termsOf', () => {
  it('takes Latin words past stopwords and CJK bigrams', () => {
    expect([...termsOf('We have a pup and a kitty')]).toEqual(['pup', 'kitty']);
    expect(termsOf('测试框架用 vitest').has('框架')).toBe(true);
    expect(termsOf('测试框架用 vitest').has('vitest')).toBe(true);
  });
});

describe('rankAnswerTerms', () => {
  const rarity = (t: string): number => (t === 'common' ? 1 : 10);

  it('weighs a term by the share of answers holding it and its rarity, and leaves the asked terms out', () => {
    const out = rankAnswerTerms(['pup kitty common', 'kitty common hamster', 'kitty common pets'], new Set(['pets']), rarity);
    expect([...out.keys()][0]).toBe('kitty');
    expect(out.get('kitty')).toBeCloseTo(ANSWER_TERMS.weight * 10);
    expect(out.get('pup') ?? 0).toBeLessThan(out.get('kitty') ?? 0);
    // Held by every answer, but said everywhere: below a rare word held by one.
    expect(out.get('common') ?? 0).toBeLessThan(out.get('pup') ?? 0);
    expect(out.has('pets')).toBe(false);
  });

  it('keeps at most `terms`, and nothing from no answers', () => {
    const many = Array.from({ length: 40 }, (_, i) => `word${i}x`).join(' ');
    expect(rankAnswerTerms([many], new Set(), rarity).size).toBe(ANSWER_TERMS.terms);
    expect(rankAnswerTerms([], new Set(), rarity).size).toBe(0);
  });
});

const FILLERS = [
  'The garden finally has ripe tomatoes after weeks of rain',
  'Registration for the spring marathon closes on Friday',
  'Pottery class ended with a lopsided blue vase',
  'Painted the lake at sunrise with thin watercolour washes',
  'The school play sold out both evening performances',
  'Camping by the river meant cold mornings and a smoky fire',
  'The downtown concert started an hour late because of sound checks',
  'Library book sale: three novels for two dollars each',
  'Lentil soup recipe needs more cumin than written',
  'Missed the connecting bus and walked across the bridge',
  'Hiking up the ridge trail took almost four hours',
  'Museum trip with the class ended at the dinosaur hall',
  'The corner bakery opened with sourdough and rye loaves',
  'Chess club meets on Tuesdays in the community centre',
  'Watched the tide go out on the beach at dawn',
  'Sewing a winter quilt from old flannel shirts',
  'Choir rehearsal moved to the church basement this month',
  'Kite festival winds were too strong for the paper kites',
  'Science fair project measured how fast ice melts in salt',
  'Yard sale cleared out the garage shelves completely',
  'Bike repair: new chain, brake pads and a patched tube',
  'Film night picked an old black and white comedy',
];

describe('search learns answer words from the store (a real store)', () => {
  it('finds a memory in the words that answered an earlier question about the query', async () => {
    const s = memoryStore();
    const write = (text: string, sessionId: string) => s.write({ type: 'fact', text, dir: '/p', agent: 'a', sessionId, source: null }, POLICY);
    await write('Caroline: That is so nice! What pet do you have?', 'chat-1');
    await write('Melanie: We have a pup and a kitty, Luna and Oliver, they brighten our day', 'chat-1');
    // Twenty-odd other memories: "pet" is held by one of them, specific enough to learn from (ANSWER_TERMS.seedRarity).
    for (const [i, f] of FILLERS.entries()) await write(`Caroline: ${f}`, `filler-${i}`);
    await write('Melanie: Oliver chewed the sofa again, the kitty watched', 'chat-9');
    const hits = await s.search('Which pets does Melanie keep?', { limit: 20 });
    const later = hits.find((h) => h.memory.text.includes('chewed the sofa'));
    // It shares no word with the question but the speaker's name; the answer's words bring it near.
    expect(later?.cosine ?? 0).toBeGreaterThan(0.2);
    const filler = hits.find((h) => h.memory.text.includes('tomatoes'));
    expect(later?.score ?? 0).toBeGreaterThan(filler?.score ?? 0);
  });

  it('learns in Chinese too', async () => {
    const s = memoryStore();
    const write = (text: string, sessionId: string) => s.write({ type: 'fact', text, dir: '/p', agent: 'a', sessionId, source: null }, POLICY);
    await write('你们项目用的是什么测试框架？我想在本地跑一下单元测试', 'chat-1');
    await write('我们用 vitest，版本固定在 4.1.12，命令是 npm test', 'chat-1');
    for (const [i, f] of FILLERS.entries()) await write(f, `filler-${i}`);
    await write('升级 vitest 以后快照全部重写了一遍', 'chat-9');
    const hits = await s.search('项目的测试框架', { limit: 30 });
    const later = hits.find((h) => h.memory.text.includes('快照'));
    expect(later?.cosine ?? 0).toBeGreaterThan(0.1);
  });
});
