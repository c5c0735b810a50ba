import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newestStatementFirst, TOP, type Evidence } from './newest-first.js';
import { isFirm } from './firm.js';
import { valueKinds } from './value-kinds.js';

const DAY = 86_400_000;
const flat = (): number => 1;
const ev = (text: string, day: number, kind: 'memory' | 'said' = 'memory'): Evidence<string> => ({ item: text, text, at: day * DAY, kind });
const order = (question: string, items: Array<Evidence<string>>): string[] => newestStatementFirst(question, items, flat).map((e) => e.item);

describe('one timeline per thing: the newest firm statement of the asked thing first', () => {
  it('two memories of one thing that were never linked: the newer answers, whatever their words', () => {
    const old = ev('The sandbox profile sends API calls to https://api-sbx.quayside.dev for now.', 3);
    const now = ev('From this sprint the sandbox profile sends API calls to https://gw-sbx.quayside.dev instead.', 40);
    expect(order('where does the sandbox profile send API calls', [old, now])).toEqual([now.item, old.item]);
    // In Chinese, a webhook host.
    const a = ev('支付对账的告警现在推到 hooks.slack.example.com/pay。', 2);
    const b = ev('支付对账的告警改推到 open.feishu.example.cn/hook/pay 了，原来那个停用。', 30);
    expect(order('支付对账的告警推到哪里', [a, b])).toEqual([b.item, a.item]);
  });

  it('a change that names its thing in fewer words still answers; a later value of another kind does not', () => {
    const old = ev('The payments worker in deploy/values.yaml sets QUEUE_URL to amqp://mq-a.internal.example:5672 for every region.', 3);
    const now = ev('Since Monday the payments queue points at amqps://mq-b.internal.example:5671.', 33);
    expect(order('which queue URL does the payments worker use', [old, now])).toEqual([now.item, old.item]);
    const target = ev('We build for Android API level 26 as the minimum SDK, set in app/build.gradle.', 5);
    const share = ev('Play Console says 7% of users are still below Android API level 26.', 40);
    expect(order('what is the minimum Android API level we support', [target, share])).toEqual([target.item, share.item]);
  });

  it('a question about what happened asks for the event or the earlier value, not for the newest', () => {
    const old = ev('The sandbox profile sends API calls to https://api-sbx.quayside.dev for now.', 3);
    const now = ev('From this sprint the sandbox profile sends API calls to https://gw-sbx.quayside.dev instead.', 40);
    expect(order('where did the sandbox profile send API calls before that', [old, now])).toEqual([old.item, now.item]);
    expect(order('沙箱配置之前把 API 调用发到哪里', [old, now])).toEqual([old.item, now.item]);
  });

  it('a question or a guess names no value that holds: it keeps its place', () => {
    const stated = ev('The nightly export job runs at 02:15 UTC from cron/export.yaml.', 5);
    const asked = ev('can we move the nightly export job to 04:00 UTC?', 20);
    const guess = ev('Maybe the nightly export job should run at 05:00 UTC instead.', 22);
    const request = ev('I want to make sure the nightly export job at 03:00 UTC is fine, can you check it?', 23);
    expect(order('when does the nightly export job run', [stated, asked, guess, request])).toEqual([stated.item, asked.item, guess.item, request.item]);
  });

  it('a passage keeps the place the passage ranking gave it; a memory about something else keeps its own', () => {
    const old = ev('Release captain for the mobile apps is Dana Whitfield.', 4);
    const said = ev('Dana said the release captain for the mobile apps rotates to Omar Haddad next month.', 50, 'said');
    const other = ev('The mobile apps ship through fastlane lanes beta and release.', 60);
    expect(order('who is the release captain for the mobile apps', [old, said, other])).toEqual([old.item, said.item, other.item]);
  });

  it('property: only the first TOP hits are reordered, and none is lost or added', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('port 3000', 'port 3001 now', 'the port is 8080', 'what port?', 'cache is warm'), fc.integer({ min: 0, max: 90 })), { maxLength: 12 }), (rows) => {
        const items = rows.map(([t, d], i) => ev(`the dev server ${t} #${i}`, d));
        const out = order('which port does the dev server use', items);
        expect([...out].sort()).toEqual(items.map((e) => e.item).sort());
        expect(out.slice(TOP)).toEqual(items.slice(TOP).map((e) => e.item));
      }),
    );
  });
});

describe('what states a value, firmly', () => {
  it('a value by its shape: a duration, an identifier, a host, a schedule; a name alone is none', () => {
    expect([...valueKinds('retention is 14 days')]).toEqual(['duration']);
    expect([...valueKinds('writes go to the lake_ods database')]).toEqual(['identifier']);
    expect(valueKinds('this week it is Hiro Tanaka').size).toBe(0);
    expect([...valueKinds('requests go to https://gw.example.dev')]).toEqual(['host']);
    expect([...valueKinds('the backup runs at 30 23 * * * now')]).toEqual(['schedule']);
    expect(valueKinds('everything is fine again').size).toBe(0);
  });

  it('not a question, a guess, a request or a refused proposal', () => {
    expect(isFirm('The retention is 30 days.')).toBe(true);
    expect(isFirm('is the retention 30 days?')).toBe(false);
    expect(isFirm('Probably the retention is 30 days.')).toBe(false);
    expect(isFirm('loki 的 retention 能不能拉长')).toBe(false);
    expect(isFirm('Someone proposed 60 days of retention, but we turned it down.')).toBe(false);
  });
});
