import { describe, expect, it } from 'vitest';
import type { ShareableRow, TeamLink } from '../store/team-links.js';
import { planPush, UNSHARED } from './plan.js';

const row = (id: number, o: Partial<ShareableRow> = {}): ShareableRow => ({ id, type: 'project', text: `memory ${id}`, agent: 'user', contentHash: `h${id}`, reviewedAt: 1, status: 'active', createdAt: 1000 + id, supersededBy: null, ...o });
const link = (uid: string, memoryId: number | null, o: Partial<TeamLink> = {}): TeamLink => ({ uid, memoryId, origin: 'mine', author: null, pushedHash: null, deleted: false, globalId: null, ...o });
let n = 0;
const uid = (): string => `u${++n}`;

describe('what a sync sends', () => {
  it('sends ours once per content, keeps a uid it chose before, and never sends a teammate\'s memory back', () => {
    const rows = [row(1), row(2, { contentHash: 'h2-edited' }), row(3), row(4, { agent: 'team:bob' }), row(5)];
    const links = [link('a', 2, { pushedHash: 'h2' }), link('b', 3, { pushedHash: 'h3' }), link('c', 4, { origin: 'team', pushedHash: 'h4' }), link('d', 5)];
    const ops = planPush(rows, links, 'all', uid);
    expect(ops.map((o) => [o.op, o.memoryId, o.uid === 'a' || o.uid === 'd' ? o.uid : 'new'])).toEqual([
      ['put', 1, 'new'],
      ['put', 2, 'a'],
      // Chosen before a push whose reply was lost: the same uid and key again.
      ['put', 5, 'd'],
    ]);
    expect(ops.find((o) => o.memoryId === 5)?.changeKey).toBe('d:h5');
  });

  it('holds back what no person reviewed unless team.share is all, and what is archived or personal; a replaced value goes as history', () => {
    const rows = [row(1, { reviewedAt: null }), row(2), row(3, { status: 'archived' }), row(4, { type: 'global' as ShareableRow['type'] }), row(5, { status: 'archived', supersededBy: '2' })];
    expect(planPush(rows, [], 'reviewed', uid).map((o) => o.memoryId)).toEqual([2, 5]);
    expect(planPush(rows, [], 'all', uid).map((o) => [o.memoryId, o.createdAt])).toEqual([[1, 1001], [2, 1002], [5, 1005]]);
  });

  it('sends a delete for a shared memory forgotten here, ours or a teammate\'s, once', () => {
    const links = [link('a', 7, { pushedHash: 'h7' }), link('b', 8, { origin: 'team', pushedHash: 'x' }), link('c', 9, { deleted: true }), link('d', null, { origin: 'team' })];
    const ops = planPush([row(1, { status: 'archived' })], links, 'all', uid);
    expect(ops.map((o) => [o.op, o.uid, o.changeKey])).toEqual([
      ['delete', 'a', 'a:delete'],
      ['delete', 'b', 'b:delete'],
    ]);
  });

  it('sends a global memory only when it was shared, as this project\'s, and takes it back when it is forgotten', () => {
    const globals = [row(30, { type: 'global' as ShareableRow['type'] }), row(31, { type: 'global' as ShareableRow['type'] })];
    const links = [link('s', null, { globalId: 30 }), link('t', null, { globalId: 32, pushedHash: 'h32' })];
    const ops = planPush([], links, 'reviewed', uid, globals);
    expect(ops.map((o) => [o.op, o.uid, o.type ?? null, o.globalId])).toEqual([
      ['put', 's', 'project', 30],
      ['delete', 't', null, 32],
    ]);
    expect(planPush([], [link('s', null, { globalId: 30, pushedHash: 'h30' })], 'all', uid, globals)).toEqual([]);
  });
});

describe('taking a shared preference back', () => {
  it('share --stop sends a delete of the team\'s copy while the user keeps theirs', () => {
    const globals = [row(40, { type: 'global' as ShareableRow['type'] })];
    const ops = planPush([], [link('g', null, { globalId: 40, pushedHash: UNSHARED })], 'all', uid, globals);
    expect(ops.map((o) => [o.op, o.uid, o.globalId])).toEqual([['delete', 'g', 40]]);
  });
});
