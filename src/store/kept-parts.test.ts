import { describe, expect, it } from 'vitest';
import { memoryStore, POLICY } from './test-helpers.js';
import type { Candidate } from './types.js';
import type { MemoryStore } from './memory-store.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 4, 4, 9);
const at = (day: number): number => T0 + day * DAY;
const said = (text: string, day: number, extra: Partial<Candidate> = {}): Candidate => ({ type: 'project', text, dir: '/p', agent: 'a', sessionId: `s${day}`, source: null, createdAt: at(day), ...extra });
const current = (s: MemoryStore): string[] => s.list({}).map((m) => m.text);

describe('a memory that stated several things, one of them replaced (a real store)', () => {
  it('keeps what it said of the others as a memory of its own, with its date, and finds it by its subject', async () => {
    const s = memoryStore();
    const [both] = await s.writeMany([said('包管理器用 pnpm，测试命令是 pnpm test:unit', 1)], POLICY, at(1));
    const [bun] = await s.writeMany([said('我们把包管理器从 pnpm 换成了 bun', 5)], POLICY, at(5));
    expect(bun?.supersedes).toEqual([both?.id]);
    expect(bun?.kept).toHaveLength(1);
    expect(current(s).sort()).toEqual(['我们把包管理器从 pnpm 换成了 bun', '测试命令是 pnpm test:unit'].sort());
    const rest = s.get(Number(bun?.kept?.[0]));
    expect(rest).toMatchObject({ status: 'active', type: 'project', subject: '测试命令', value: 'pnpm test:unit', createdAt: at(1) });
    // The old memory is history as before, whole.
    expect(s.get(Number(both?.id))).toMatchObject({ status: 'archived', supersededBy: bun?.id, text: '包管理器用 pnpm，测试命令是 pnpm test:unit' });
    const hits = await s.search('测试命令', { limit: 1 });
    expect(hits[0]?.memory.text).toBe('测试命令是 pnpm test:unit');
    // The kept part is a subject's current memory like any other: its own new value replaces it.
    const [vitest] = await s.writeMany([said('测试命令改成 vitest run', 9)], POLICY, at(9));
    expect(vitest?.supersedes).toEqual(bun?.kept);
    expect(current(s).sort()).toEqual(['我们把包管理器从 pnpm 换成了 bun', '测试命令改成 vitest run'].sort());
  });

  it('in English too', async () => {
    const s = memoryStore();
    await s.writeMany([said('The package manager is pnpm and the test command is pnpm test:unit', 1)], POLICY, at(1));
    const [bun] = await s.writeMany([said('We switched the package manager from pnpm to bun', 5)], POLICY, at(5));
    expect(bun?.kept).toHaveLength(1);
    expect(current(s)).toContain('the test command is pnpm test:unit');
  });

  it('keeps nothing when the rest is history already, or the memory stated one thing', async () => {
    const s = memoryStore();
    await s.writeMany([said('包管理器用 pnpm，测试命令是 pnpm test:unit', 1)], POLICY, at(1));
    await s.writeMany([said('测试命令是 vitest run', 3)], POLICY, at(3));
    const [bun] = await s.writeMany([said('我们把包管理器从 pnpm 换成了 bun', 5)], POLICY, at(5));
    expect(bun?.kept).toBeUndefined();
    expect(current(s).join('\n')).not.toContain('pnpm test:unit');
    const [port] = await s.writeMany([said('The preview server port is 3000, see next.config.mjs.', 6)], POLICY, at(6));
    const [next] = await s.writeMany([said('The preview server port is now 3001.', 7)], POLICY, at(7));
    expect(next?.supersedes).toEqual([port?.id]);
    expect(next?.kept).toBeUndefined();
  });
});
