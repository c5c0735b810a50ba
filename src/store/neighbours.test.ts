import { describe, expect, it } from 'vitest';
import { asksQuestion, lendToNeighbours, supportFromSession, type NeighbourWeights } from './neighbours.js';
import { memoryStore, POLICY } from './test-helpers.js';
import type { Hit } from './types.js';

function hit(id: string, text: string, score: number, sessionId: string | null = 's'): Hit {
  return {
    memory: {
      id,
      rowid: Number(id),
      scope: 'project',
      type: 'fact',
      text,
      supplement: '',
      dir: '/p',
      agent: 'a',
      sessionId,
      source: null,
      createdAt: 0,
      lastAccessedAt: 0,
      heat: 0,
      status: 'active',
      contentHash: id,
      embedderId: 'x',
      supersededBy: null,
      reviewedAt: null,
      subject: null,
      subjectKey: null,
      value: null,
      validTo: null,
    },
    score,
    cosine: 0,
    lexical: 0,
  };
}

const W: NeighbourWeights = { answer: 0.9, adjacent: 0.5, lenders: 2, asking: 1 };

describe('lendToNeighbours', () => {
  it('lifts the turn after a question most, and marks it as the answer', () => {
    const q = hit('1', 'What made you try pottery?', 1);
    const answer = hit('2', 'I am a big fan of the creativity, look at this', 0);
    const before = hit('0', 'hello there', 0);
    const out = lendToNeighbours([q, hit('9', 'other', 0.8)], (h) => (h.memory.id === '1' ? { before, after: answer } : {}), W);
    expect(out.map((h) => [h.memory.id, h.score])).toEqual([
      ['1', 1],
      ['2', 0.9],
      ['9', 0.8],
      ['0', 0.5],
    ]);
    expect(out.find((h) => h.memory.id === '2')?.answers).toBe('1');
    expect(out.find((h) => h.memory.id === '0')?.answers).toBeUndefined();
    // Both neighbours' scores are borrowed, and say so; the lender's and the other hit's are their own.
    expect(out.filter((h) => h.lent).map((h) => h.memory.id)).toEqual(['2', '0']);
  });

  it('never lowers a score, and only the best `lenders` hits lend', () => {
    const a = hit('1', 'a statement', 1);
    const strong = hit('2', 'a strong neighbour', 0.95);
    const third = hit('3', 'third best', 0.4);
    const far = hit('7', 'neighbour of the third', 0);
    const out = lendToNeighbours([a, strong, third], (h) => (h.memory.id === '1' ? { after: strong } : h.memory.id === '3' ? { after: far } : {}), W);
    expect(out.find((h) => h.memory.id === '2')?.score).toBe(0.95);
    expect(out.some((h) => h.memory.id === '7')).toBe(false);
  });

  it('ranks a question below its answer: a hit that asks keeps part of its own score', () => {
    const q = hit('1', '你们用什么测试框架？', 1);
    const answer = hit('2', 'vitest, pinned to 4.1', 0.2);
    const stated = hit('3', 'The suite runs in CI', 0.75);
    const out = lendToNeighbours([q, stated], (h) => (h.memory.id === '1' ? { after: answer } : {}), { ...W, asking: 0.7 });
    expect(out.map((h) => [h.memory.id, h.score])).toEqual([
      ['2', 0.9],
      ['3', 0.75],
      ['1', 0.7],
    ]);
    // Asking weighs the question's own score, not what it lent.
    expect(out[0]?.answers).toBe('1');
  });

  it('keeps the whole score of an answer that asks back: it answers the question before it', () => {
    const q = hit('1', 'What type of movies do you like best?', 1);
    const answer = hit('2', 'I love action and sci-fi movies, the effects are so cool! What about you?', 0.3);
    const other = hit('3', 'Did you watch the game last night?', 0.8);
    const out = lendToNeighbours([q, other], (h) => (h.memory.id === '1' ? { after: answer } : {}), { ...W, asking: 0.6 });
    expect(out.map((h) => [h.memory.id, h.score])).toEqual([
      ['2', 0.9],
      ['1', 0.6],
      ['3', 0.48],
    ]);
  });

  it('knows a question in either language', () => {
    expect(asksQuestion('How long have you been married?')).toBe(true);
    expect(asksQuestion('你们用什么测试框架？ ')).toBe(true);
    expect(asksQuestion('We use pytest.')).toBe(false);
  });
});

describe('supportFromSession', () => {
  it('lifts a hit by the best few other hits of its own session, and re-sorts', () => {
    const hits = [hit('1', 'alone', 0.5, 'a'), hit('2', 'x', 0.46, 'b'), hit('3', 'y', 0.3, 'b'), hit('4', 'z', 0.2, 'b'), hit('5', 'w', 0.1, 'b'), hit('6', 'no session', 0.48, null)];
    const out = supportFromSession(hits, 0.1, 2);
    const score = (id: string): number => out.find((h) => h.memory.id === id)?.score ?? NaN;
    expect(score('1')).toBe(0.5);
    expect(score('6')).toBe(0.48);
    expect(score('2')).toBeCloseTo(0.46 + 0.1 * (0.3 + 0.2));
    // Its own score is not support; the best two others are.
    expect(score('3')).toBeCloseTo(0.3 + 0.1 * (0.46 + 0.2));
    expect(score('5')).toBeCloseTo(0.1 + 0.1 * (0.46 + 0.3));
    expect(out.map((h) => h.memory.id)).toEqual(['2', '1', '6', '3', '4', '5']);
  });

  it('changes nothing with no weight, or when every session matches once', () => {
    const hits = [hit('1', 'a', 0.9, 'a'), hit('2', 'b', 0.5, 'b'), hit('3', 'c', 0.4, null)];
    expect(supportFromSession(hits, 0, 3)).toEqual(hits);
    expect(supportFromSession(hits, 0.5, 3)).toEqual(hits);
  });
});

describe('search lends to session neighbours (a real store)', () => {
  it('ranks the answer to a matching question first, the question right below it', async () => {
    const s = memoryStore();
    const turns = [
      'Caroline: I spent the weekend at the coast with my sister',
      'Melanie: Which camera do you use for the night sky photos?',
      'Caroline: An old Pentax with a wide lens, bought second hand in Osaka',
      'Melanie: The garden finally has tomatoes this summer',
    ];
    for (const text of turns) await s.write({ type: 'fact', text, dir: '/p', agent: 'a', sessionId: 'chat-1', source: null }, POLICY);
    for (let i = 0; i < 6; i++) {
      await s.write({ type: 'fact', text: `Melanie: unrelated note number ${i} about groceries and the weather today`, dir: '/p', agent: 'a', sessionId: `other-${i}`, source: null }, POLICY);
    }
    const hits = await s.search('camera for night sky photos', { limit: 3 });
    expect(hits[0]?.memory.text).toContain('Pentax');
    expect(hits[1]?.memory.text).toContain('Which camera');
    expect(hits[0]?.answers).toBe(hits[1]?.memory.id);
  });
});

describe('search favours what was written on the date a query names (a real store)', () => {
  it('ranks the memory of that day first, in English and Chinese, and leaves undated queries alone', async () => {
    const s = memoryStore();
    const day = (m: number, d: number): number => new Date(2026, m - 1, d, 10).getTime();
    const notes: Array<[string, number]> = [
      ['we agreed the release checklist: tag, changelog, then publish', day(11, 2)],
      ['we agreed the release checklist: changelog first, tag after review', day(11, 3)],
      ['we agreed the release checklist: publish from CI only', day(11, 20)],
    ];
    // Explicit, so the three near-repeats stay three memories.
    for (const [text, createdAt] of notes) await s.write({ type: 'fact', text, dir: '/p', agent: 'a', sessionId: `s${createdAt}`, source: null, createdAt, explicit: true, force: true }, POLICY);
    const first = async (q: string): Promise<string | undefined> => (await s.search(q, { limit: 3 }))[0]?.memory.text;
    expect(await first('release checklist we agreed on 2026-11-03')).toContain('changelog first');
    expect(await first('what release checklist did we agree on November 20, 2026')).toContain('publish from CI');
    expect(await first('11月2日 定的 release checklist')).toContain('tag, changelog, then publish');
    // Without a date the words decide: the memory that says "tag" and "publish" both.
    expect(await first('release checklist: tag and publish')).toContain('tag, changelog, then publish');
  });
});
