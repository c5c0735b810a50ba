import { describe, expect, it } from 'vitest';
import { capSupplement, decideWrite, screenCandidate, MAX_SUPPLEMENT_CHARS, type NearMemory } from './write-decision.js';

const policy = { triviaFilter: true, update: 0.9, merge: 0.5 };
const near = (id: number, similarity: number, text = `memory ${id} about the orders table index`, supplement = ''): NearMemory => ({ id, type: 'fact', text, supplement, similarity });
const cand = (text: string, explicit = false) => ({ type: 'fact' as const, text, dir: '/p', agent: 'a', explicit });

describe('write decision (pure)', () => {
  it('screens in the design order, then redacts', () => {
    expect(screenCandidate(cand('好的'), policy)).toEqual({ action: 'filtered', reason: 'trivia' });
    expect(screenCandidate(cand('too short'), policy)).toEqual({ action: 'filtered', reason: 'short' });
    expect(screenCandidate(cand('too short', true), policy)).toMatchObject({ text: 'too short' });
    expect(screenCandidate(cand('exit code 1 was returned by the build step today'), policy)).toEqual({ action: 'filtered', reason: 'low-value' });
    const s = screenCandidate(cand('the deploy token is password=hunter2hunter2 for staging'), policy);
    expect('text' in s && s.text).toContain('[redacted:secret]');
  });

  it('updates at or above the update threshold, merges above the merge threshold, else inserts', () => {
    expect(decideWrite('x', [near(1, 0.95)], policy)).toMatchObject({ kind: 'update', target: { id: 1 } });
    expect(decideWrite('new text', [near(2, 0.6, 'old', 'a')], policy)).toEqual({ kind: 'merge', target: near(2, 0.6, 'old', 'a'), supplement: 'a\nnew text' });
    expect(decideWrite('a', [near(2, 0.6, 'old', 'a')], policy).kind).toBe('duplicate');
    expect(decideWrite('the deploys happen on fridays after standup', [near(3, 0.2)], policy)).toEqual({ kind: 'insert', similarity: 0.2 });
    expect(decideWrite('anything', [], policy)).toEqual({ kind: 'insert', similarity: 0 });
  });

  it('refuses a fragment that mostly repeats a neighbour it is not close enough to merge into', () => {
    const d = decideWrite('orders table index memory', [near(4, 0.3, 'memory 4 about the orders table index')], policy);
    expect(d).toMatchObject({ kind: 'overlap', target: { id: 4 } });
  });

  it('keeps the newest supplement lines within the cap', () => {
    const long = Array.from({ length: 200 }, (_, i) => `line ${i} `.repeat(5)).join('\n');
    const capped = capSupplement(long);
    expect(capped.length).toBeLessThanOrEqual(MAX_SUPPLEMENT_CHARS);
    expect(capped.endsWith(long.slice(-40))).toBe(true);
  });
});
