import { describe, expect, it } from 'vitest';
import { asksQuestion, lendToNeighbours, type NeighbourWeights } from './neighbours.js';
import { memoryStore, POLICY } from './test-helpers.js';
import type { Hit } from './types.js';

function hit(id: string, text: string, score: number): Hit {
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
      sessionId: 's',
      source: null,
      createdAt: 0,
      lastAccessedAt: 0,
      heat: 0,
      status: 'active',
      contentHash: id,
      embedderId: 'x',
      supersededBy: null,
      reviewedAt: null,
    },
    score,
    cosine: 0,
    lexical: 0,
  };
}

const W: NeighbourWeights = { answer: 0.9, adjacent: 0.5, lenders: 2 };

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

  it('knows a question in either language', () => {
    expect(asksQuestion('How long have you been married?')).toBe(true);
    expect(asksQuestion('你们用什么测试框架？ ')).toBe(true);
    expect(asksQuestion('We use pytest.')).toBe(false);
  });
});

describe('search lends to session neighbours (a real store)', () => {
  it('ranks the answer after a matching question right below it', async () => {
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
    expect(hits[0]?.memory.text).toContain('Which camera');
    expect(hits[1]?.memory.text).toContain('Pentax');
    expect(hits[1]?.answers).toBe(hits[0]?.memory.id);
  });
});
