import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SESSION_SPREAD, spreadSessions } from './session-spread.js';

type Item = { id: string; session: string | null; score: number };
const item = (id: string, session: string | null, score: number): Item => ({ id, session, score });
const spread = (xs: Item[], s = SESSION_SPREAD) => spreadSessions(xs, (x) => x.session, (x) => x.score, s).map((x) => x.id);

describe('spreadSessions', () => {
  it('keeps the first five and brings the best other sessions forward, heaviest first', () => {
    const ranked = [
      item('a1', 'A', 0.9),
      item('a2', 'A', 0.6),
      item('a3', 'A', 0.6),
      item('a4', 'A', 0.6),
      item('a5', 'A', 0.6),
      item('a6', 'A', 0.55),
      item('a7', 'A', 0.52),
      item('b1', 'B', 0.5),
      item('c1', 'C', 0.45),
      item('c2', 'C', 0.44),
      item('c3', 'C', 0.43),
    ];
    // C's three hits weigh more together (0.45 + 0.22 + 0.11) than B's one (0.5): C comes first.
    expect(spread(ranked)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'c1', 'b1', 'a6', 'a7', 'c2', 'c3']);
  });

  it('brings forward no session already shown, none too light, and at most three', () => {
    const ranked = [
      item('a1', 'A', 1),
      item('b1', 'B', 0.9),
      item('a2', 'A', 0.8),
      item('a3', 'A', 0.8),
      item('a4', 'A', 0.8),
      item('b2', 'B', 0.75),
      item('c1', 'C', 0.7),
      item('d1', 'D', 0.68),
      item('e1', 'E', 0.66),
      item('f1', 'F', 0.64),
      item('g1', 'G', 0.1),
    ];
    const out = spread(ranked);
    // A weighs 1 + 0.4 + 0.2 + 0.1: a session under 0.3 of that (G) stays where its score puts it.
    expect(out.slice(0, 5)).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
    expect(out.slice(5, 8)).toEqual(['c1', 'd1', 'e1']);
    expect(out.slice(8)).toEqual(['b2', 'f1', 'g1']);
  });

  it('moves nothing that has no session, and nothing in a short list', () => {
    const short = [item('a', 'A', 1), item('b', 'B', 0.5)];
    expect(spread(short)).toEqual(['a', 'b']);
    const none = Array.from({ length: 8 }, (_, i) => item(`n${i}`, null, 1 - i / 10));
    expect(spread(none)).toEqual(none.map((x) => x.id));
  });

  it('only reorders: the same items, the first five in place, and the order of a list does not depend on its length past the pool', () => {
    const arb = fc.array(fc.record({ session: fc.option(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'), { nil: null }), score: fc.double({ min: 0, max: 1, noNaN: true }) }), { maxLength: 40 });
    fc.assert(
      fc.property(arb, (rows) => {
        const ranked = rows.map((r, i) => item(String(i), r.session, r.score)).sort((a, b) => b.score - a.score);
        const out = spread(ranked);
        expect([...out].sort()).toEqual(ranked.map((x) => x.id).sort());
        expect(out.slice(0, SESSION_SPREAD.keep)).toEqual(ranked.slice(0, SESSION_SPREAD.keep).map((x) => x.id));
        const cut = spread(ranked.slice(0, SESSION_SPREAD.pool)).slice(0, 10);
        expect(out.slice(0, 10)).toEqual(cut);
      }),
    );
  });
});
