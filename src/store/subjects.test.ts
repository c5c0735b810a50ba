import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { memoryStore, POLICY } from './test-helpers.js';
import { countsSomethingElse, decideByStatement, type SubjectPeer } from './subject-decision.js';
import { statementOf } from '../text/statement.js';
import type { Candidate } from './types.js';
import type { MemoryStore } from './memory-store.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 2, 9);
const at = (day: number): number => T0 + day * DAY;
const said = (text: string, day: number, extra: Partial<Candidate> = {}): Candidate => ({ type: 'fact', text, dir: '/p', agent: 'a', sessionId: `s${day}`, source: null, createdAt: at(day), ...extra });
const current = (s: MemoryStore) => s.list({}).map((m) => m.text);

describe('a new value replaces the old one (a real store)', () => {
  it('supersedes without correction words, and keeps the old value as history with the time it stopped', async () => {
    const s = memoryStore();
    const [first] = await s.writeMany([said('The preview server port is 3000 (see next.config.mjs).', 1)], POLICY, at(1));
    const [second] = await s.writeMany([said('Set the preview server port to 3001.', 27)], POLICY, at(27));
    expect(second).toMatchObject({ action: 'inserted', supersedes: [first?.id] });
    expect(current(s)).toEqual(['Set the preview server port to 3001.']);
    const old = s.get(Number(first?.id));
    expect(old).toMatchObject({ status: 'archived', supersededBy: second?.id, validTo: at(27), subject: 'preview server port', value: '3000' });
    // A bare restatement in other words and the other language is the same subject.
    const [third] = await s.writeMany([said('预览服务器端口——3002。', 40)], POLICY, at(40));
    expect(third?.supersedes).toEqual([second?.id]);
    expect(current(s)).toEqual(['预览服务器端口——3002。']);
  });

  it("a new value keeps its subject's type: a project's value stated in passing is still the project's", async () => {
    const s = memoryStore();
    const [old] = await s.writeMany([said('API rate limit is 100 requests per minute', 1, { type: 'project' })], POLICY, at(1));
    const [now] = await s.writeMany([said('heads up: rate limit on the API is now 250 rpm after the upgrade', 9)], POLICY, at(9));
    expect(now?.supersedes).toEqual([old?.id]);
    expect(s.get(Number(now?.id))?.type).toBe('project');
    // A typed search of project memories finds the new value (its vector is filed under its type too).
    const hits = await s.search('API rate limit', { limit: 1, type: 'project' });
    expect(hits[0]?.memory.text).toContain('250 rpm');
  });

  it('a change that names only the tool replaces the old tool, and a question about the role finds it', async () => {
    const s = memoryStore();
    const [old] = await s.writeMany([said('这个仓库用 yarn 1 管理依赖，别用 npm install。', 7)], POLICY, at(7));
    const [now] = await s.writeMany([said('我们切到 pnpm 了，用 pnpm install，lockfile 是 pnpm-lock.yaml。', 30)], POLICY, at(30));
    expect(now?.supersedes).toEqual([old?.id]);
    const [node] = await s.writeMany([said('The project targets Node 18 (see .nvmrc).', 3)], POLICY, at(3));
    const [node22] = await s.writeMany([said("We're on Node 22 now, .nvmrc was bumped this morning.", 40)], POLICY, at(40));
    expect(node22?.supersedes).toEqual([node?.id]);
    // Its text never says "package manager": the subject is searchable with it.
    const hits = await s.search('which package manager do we use', { limit: 1 });
    expect(hits[0]?.memory.text).toContain('pnpm');
  });

  it('one product at two versions is one thing, whatever subject each sentence gave it', async () => {
    const s = memoryStore();
    const [old] = await s.writeMany([said('The pipeline runs on Python 3.10 inside the airflow image.', 7)], POLICY, at(7));
    const [now] = await s.writeMany([said("The airflow image was rebuilt and we're on Python 3.12 now.", 30)], POLICY, at(30));
    expect(now?.supersedes).toEqual([old?.id]);
    const [css] = await s.writeMany([said('样式用 Tailwind CSS 3，配置在 tailwind.config.js。', 8)], POLICY, at(8));
    const [css4] = await s.writeMany([said('升级到 Tailwind CSS 4 了，配置改成在 CSS 里写。', 31)], POLICY, at(31));
    expect(css4?.supersedes).toEqual([css?.id]);
    // It answers what the old one was asked by.
    expect((await s.search('样式方案用的什么', { limit: 1 }))[0]?.memory.text).toContain('Tailwind CSS 4');
    // Another product, or the same version said again, replaces nothing.
    const [go] = await s.writeMany([said('The API is written in Go 1.22 and upgraded to Go 1.23 last week.', 32)], POLICY, at(32));
    expect(go?.supersedes ?? []).toEqual([]);
  });

  it('a refused proposal confirms the current value and stores nothing', async () => {
    const s = memoryStore();
    const [kept] = await s.writeMany([said('The primary region is eu-west-1 (see variables.tf).', 4)], POLICY, at(4));
    const [r] = await s.writeMany([said('Someone suggested us-east-1 for the primary region; we said no, the primary region remains eu-west-1.', 29)], POLICY, at(29));
    expect(r).toMatchObject({ action: 'duplicate', confirms: kept?.id });
    expect(current(s)).toEqual(['The primary region is eu-west-1 (see variables.tf).']);
    expect(s.get(Number(kept?.id))?.lastAccessedAt).toBe(at(29));
    // Refused with no value named and nothing current: an episode, with no subject of its own.
    const [episode] = await s.writeMany([said('We decided against Kafka for the event bus.', 30)], POLICY, at(30));
    expect(episode).toMatchObject({ action: 'inserted' });
    expect(s.get(Number(episode?.id))?.subjectKey).toBeNull();
  });

  it('a proposal put forward and turned down, with nothing current to confirm, stores nothing', async () => {
    const s = memoryStore();
    const [r] = await s.writeMany([said("Someone floated sending deploys through the green cluster, but we're not doing that.", 5)], POLICY, at(5));
    expect(r).toMatchObject({ action: 'filtered', reason: 'refused' });
    const [zh] = await s.writeMany([said('有人提议把预览端口改成 9090，被否决了。', 6)], POLICY, at(6));
    expect(zh).toMatchObject({ action: 'filtered', reason: 'refused' });
    expect(current(s)).toEqual([]);
    // A lesson is kept, and so is what the user asked to keep.
    const [lesson] = await s.writeMany([said('We tried Redis for the session cache and it failed under load.', 7)], POLICY, at(7));
    expect(lesson).toMatchObject({ action: 'inserted' });
    const [asked] = await s.writeMany([said('We discussed moving CI to Buildkite but decided against it.', 8, { explicit: true })], POLICY, at(8));
    expect(asked).toMatchObject({ action: 'inserted' });
  });

  it('a value said before the current one (an old transcript imported late) is history from the start', async () => {
    const s = memoryStore();
    const [now] = await s.writeMany([said('The e2e command is pnpm e2e:ci.', 45)], POLICY, at(50));
    const [old] = await s.writeMany([said('The e2e command is npx playwright test.', 3)], POLICY, at(50));
    expect(current(s)).toEqual(['The e2e command is pnpm e2e:ci.']);
    expect(s.get(Number(old?.id))).toMatchObject({ status: 'archived', supersededBy: now?.id, validTo: at(45) });
  });

  it('what a person reviewed yields only to a statement made after the review', async () => {
    const s = memoryStore();
    const [reviewed] = await s.writeMany([said('The cache is Redis.', 7)], POLICY, at(7));
    s.markReviewed(Number(reviewed?.id), at(20));
    // Said on day 15 (a late import), before the review: both are kept.
    await s.writeMany([said('缓存切到 Caffeine，老的下线了。', 15)], POLICY, at(21));
    expect(current(s)).toHaveLength(2);
    await s.writeMany([said('The cache is not Redis any more, it is Memcached.', 67)], POLICY, at(67));
    expect(current(s)).toEqual(['The cache is not Redis any more, it is Memcached.']);
  });

  it('explicit: the same value in other words nearly repeats; another value supersedes (the correction from the issue)', async () => {
    const s = memoryStore();
    const [a] = await s.writeMany([{ ...said('The dev server listens on port 8080', 1), type: 'project', explicit: true }], POLICY, at(1));
    expect((await s.writeMany([{ ...said('The dev server port is 8080, see vite.config.ts', 2), explicit: true }], POLICY, at(2)))[0]).toMatchObject({ action: 'filtered', reason: 'repeat', id: a?.id });
    const [b] = await s.writeMany([{ ...said('Correction: the dev server port is now 3000, not 8080', 3), explicit: true }], POLICY, at(3));
    expect(b).toMatchObject({ action: 'inserted', supersedes: [a?.id] });
    // A current value is state: it does not decay because nobody asked for it.
    expect(s.archiveCold(30, at(200))).toBe(0);
    expect(current(s)).toEqual(['Correction: the dev server port is now 3000, not 8080']);
  });

  it('answers as of a date: the value true then', async () => {
    const s = memoryStore();
    await s.writeMany([said('The primary region is eu-west-1.', 4)], POLICY, at(4));
    await s.writeMany([said('Bumped the primary region to eu-central-1 and updated variables.tf.', 61)], POLICY, at(61));
    const top = async (asOf?: number) => (await s.search('which region do we deploy to', { limit: 1, ...(asOf ? { asOf } : {}) }))[0]?.memory.text;
    expect(await top()).toContain('eu-central-1');
    expect(await top(at(30))).toContain('eu-west-1');
    expect(await top(at(2))).toBeUndefined();
  });

  it('a subject held in words is not restated by a count or a comparison of it; a new value in words replaces it', async () => {
    const s = memoryStore();
    const [cmd] = await s.writeMany([said('The test command is `pytest -q`, run from the root.', 1, { type: 'project' })], POLICY, at(1));
    for (const [day, text] of [
      [2, 'test command: 3 failures today, all in the orders suite'],
      [3, 'the test command is now 3x faster after the fixture cache'],
      [4, 'I ran the test command 12 times in a row and it stayed green'],
    ] as const) {
      const [r] = await s.writeMany([said(text, day, { type: 'project' })], POLICY, at(day));
      expect(r?.supersedes ?? []).toEqual([]);
    }
    expect(s.get(Number(cmd?.id))?.status).toBe('active');
    const [moved] = await s.writeMany([said('We changed the test command to `npm test`.', 5, { type: 'project' })], POLICY, at(5));
    expect(moved?.supersedes).toEqual([cmd?.id]);
    // A subject held as a number still takes a number.
    const [port] = await s.writeMany([said('The dev server port is 3000.', 6, { type: 'project' })], POLICY, at(6));
    const [port2] = await s.writeMany([said('the dev server port is now 4000', 7, { type: 'project' })], POLICY, at(7));
    expect(port2?.supersedes).toEqual([port?.id]);
  });

  it('a value settled with a verb and 为 / 在 (定为, 设成, 修改为) is replaced by a later change, and the new value stays current', async () => {
    const s = memoryStore();
    const [old] = await s.writeMany([said('我们的并发上限定为 6 个，超过就排队。', 2)], POLICY, at(2));
    const [now] = await s.writeMany([said('压测之后并发上限修改为 12 个吧。', 9)], POLICY, at(9));
    expect(now).toMatchObject({ action: 'inserted', supersedes: [old?.id] });
    expect(s.get(Number(now?.id))).toMatchObject({ status: 'active', value: '12 个' });
    expect(s.get(Number(old?.id))).toMatchObject({ status: 'archived', supersededBy: now?.id });
    const [window] = await s.writeMany([said('上线窗口定在周二晚上。', 3)], POLICY, at(3));
    const [moved] = await s.writeMany([said('上线窗口改成周五下午了。', 12)], POLICY, at(12));
    expect(moved?.supersedes).toEqual([window?.id]);
    expect(current(s)).toEqual(expect.arrayContaining(['压测之后并发上限修改为 12 个吧。', '上线窗口改成周五下午了。']));
    expect(current(s)).not.toEqual(expect.arrayContaining(['我们的并发上限定为 6 个，超过就排队。']));
  });

  it('the subject index a batch leaves serves the next one only while nothing else changed the store', async () => {
    const s = memoryStore();
    const [first] = await s.writeMany([said('The metrics exporter listens on port 9100.', 1)], POLICY, at(1));
    const [second] = await s.writeMany([said('The metrics exporter listens on port 9200 now.', 5)], POLICY, at(5));
    expect(second?.supersedes).toEqual([first?.id]);
    // Changed outside a write batch (as forget, review or another process would): the next batch reads the store again.
    s.db.prepare("UPDATE memories SET status = 'archived' WHERE id = ?").run(Number(second?.id));
    const [third] = await s.writeMany([said('The metrics exporter listens on port 9300.', 9)], POLICY, at(9));
    expect(third?.supersedes ?? []).toEqual([]);
    expect(current(s)).toEqual(['The metrics exporter listens on port 9300.']);
  });

  it('a change said only by its two values is of the subject that holds the old one, in either language', async () => {
    const s = memoryStore();
    const [cmd] = await s.writeMany([said('The test command is pnpm test:unit.', 0, { type: 'project' })], POLICY, at(0));
    const [pm] = await s.writeMany([said('包管理器用 pnpm，不要用 npm install。', 1, { type: 'project' })], POLICY, at(1));
    const [bun] = await s.writeMany([said('We switched from pnpm to bun for installs.', 2)], POLICY, at(2));
    // The old value word for word: "pnpm" is the package manager, not the test command "pnpm test:unit".
    expect(bun?.supersedes).toEqual([pm?.id]);
    expect(s.get(Number(cmd?.id))?.status).toBe('active');
    // A new value of a project's subject is a project memory, as the one it replaces.
    expect(s.get(Number(bun?.id))).toMatchObject({ type: 'project', value: 'bun', status: 'active' });
    const [runner] = await s.writeMany([said('The test runner is Jest.', 3)], POLICY, at(3));
    const [vitest] = await s.writeMany([said('把 Jest 换成了 Vitest', 4)], POLICY, at(4));
    expect(vitest?.supersedes).toEqual([runner?.id]);
    // Values no subject holds, or a change only considered: nothing is replaced.
    for (const [day, text] of [
      [5, 'I drove from Boston to New York for the offsite.'],
      [6, 'We might move from bun to deno next quarter.'],
    ] as const) {
      const [r] = await s.writeMany([said(text, day)], POLICY, at(day));
      expect(r?.supersedes ?? [], text).toEqual([]);
    }
    expect(s.get(Number(bun?.id))?.status).toBe('active');
  });

  it('a change from a value two subjects hold says not which: both stay', async () => {
    const s = memoryStore();
    await s.writeMany([said('The primary bucket is acme-assets-7.', 1)], POLICY, at(1));
    await s.writeMany([said('The backup target is acme-assets-7.', 2)], POLICY, at(2));
    const [r] = await s.writeMany([said('We moved from acme-assets-7 to acme-assets-8.', 3)], POLICY, at(3));
    expect(r?.supersedes ?? []).toEqual([]);
    expect(current(s)).toHaveLength(3);
  });

  it('subjects that only may be the same keep both', async () => {
    const s = memoryStore();
    await s.writeMany([said('The preview server port is 3000.', 1)], POLICY, at(1));
    await s.writeMany([said('The port is 8080.', 2)], POLICY, at(2));
    await s.writeMany([said('The API server port is 4000.', 3)], POLICY, at(3));
    expect(current(s)).toHaveLength(3);
  });
});

describe('decideByStatement (pure)', () => {
  const peer = (id: number, value: string, over: Partial<SubjectPeer> = {}): SubjectPeer => ({ id, type: 'fact', text: `the port is ${value}`, supplement: '', similarity: 1, value, match: 'same', createdAt: at(id), reviewedAt: null, ...over });
  const st = (text: string) => statementOf(text)!;

  it('restating the current value leaves it to the usual dedup among the memories that say it; the user restating it is a near repeat', () => {
    expect(decideByStatement(st('The preview port is 3001.'), [peer(1, '3001')], { createdAt: at(5) })).toBeUndefined();
    expect(decideByStatement(st('The preview port is 3001.'), [peer(1, '3001')], { createdAt: at(5), explicit: true })).toMatchObject({ kind: 'repeat', target: { id: 1 } });
  });

  it('a value led by a number counts something else only when every current value of the subject is words', () => {
    const words = peer(1, 'pytest -q');
    expect(countsSomethingElse(st('test command: 3 failures today'), [words])).toBe(true);
    expect(countsSomethingElse(st('test command: 3 failures today'), [peer(1, '2 failures')])).toBe(false);
    expect(countsSomethingElse(st('test command: 3 failures today'), [words, peer(2, 'npm test 2')])).toBe(false);
    expect(countsSomethingElse(st('test command: 3 failures today'), [peer(1, 'pytest -q', { match: 'maybe' })])).toBe(false);
    expect(countsSomethingElse(st('test command: 3 failures today'), [])).toBe(false);
    expect(countsSomethingElse(st('We changed the test command to npm test.'), [words])).toBe(false);
  });

  it('a possible subject alone changes nothing', () => {
    expect(decideByStatement(st('The preview port is 3001.'), [peer(1, '3000', { match: 'maybe' })], { createdAt: at(5) })).toBeUndefined();
  });

  it('property: a refusal never changes the current value', () => {
    const values = ['3000', '3001', '8080', '4000', '5173'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.constantFrom(...values)), { minLength: 1, maxLength: 12 }), (steps) => {
        // A model of the store: the current peers of one subject, changed only by the decisions.
        let peers: SubjectPeer[] = [];
        let nextId = 1;
        for (const [refuse, v] of steps) {
          const cur = peers.map((p) => p.value).sort();
          const kept = peers.at(-1)?.value ?? '3000';
          const text = refuse ? `Someone suggested ${v} for the preview port; we said no, the preview port remains ${kept}.` : `Set the preview port to ${v}.`;
          const d = decideByStatement(st(text), peers, { createdAt: at(nextId) });
          const id = nextId++;
          if (!d || d.kind === 'insert') peers = [...peers, peer(id, refuse ? kept : v)];
          else if (d.kind === 'supersede') peers = [...peers.filter((p) => !d.targets.some((t) => t.id === p.id)), peer(id, refuse ? kept : v)];
          else if (d.kind === 'confirm') peers = peers.filter((p) => !(d.supersede ?? []).some((t) => t.id === p.id));
          // The usual dedup folds a restatement into the memory that says the same value.
          if (refuse && cur.length) expect(peers.map((p) => p.value).sort()).toEqual(cur);
          // One value current at a time (a restatement may be a memory of its own, of the same value).
          expect(new Set(peers.map((p) => p.value)).size).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 200 },
    );
  });
});
