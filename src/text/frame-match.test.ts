import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { learnedStatement, namesSubject, sentenceWords, valueIn } from './frame-match.js';
import { subjectKey } from './subject-key.js';

const known = (subject: string, value: string) => ({ subject, key: subjectKey(subject), value });

describe('the store’s subjects as the lexicon', () => {
  it('a restatement in other words, either language, keeps its subject and takes the new value', () => {
    const port = known('dev server port', '3000');
    expect(learnedStatement('we moved the dev server to port 4000', undefined, [port])).toMatchObject({ key: port.key, value: '4000', stance: 'assert' });
    const zh = known('预览服务器端口', '8080');
    expect(learnedStatement('预览服务器搬到 9090 端口了', undefined, [zh])).toMatchObject({ key: zh.key, value: '9090' });
    const api = known('dashboard API response time', '400ms');
    expect(learnedStatement('Per perf.md, the dashboard API response time = 250ms now', undefined, [api])).toMatchObject({ value: '250ms' });
  });

  it('a value said inside a question or a status update counts', () => {
    const iv = known('executive producer interviews', '3');
    expect(learnedStatement('How do I prepare, now that I secured 5 interviews for executive producer roles?', undefined, [iv])).toMatchObject({ value: '5' });
  });

  it('a refusal, a revert or a proposal never changes the current value', () => {
    const port = known('dev server port', '4000');
    for (const s of ['we discussed moving the dev server port to 5000 but decided against it', 'Someone suggested the dev server port 5000; we said no.', '评审没通过，开发服务器端口不改成 5000']) {
      const st = learnedStatement(s, undefined, [port, known('开发服务器端口', '4000')]);
      expect(st === undefined || st.stance === 'reject').toBe(true);
    }
  });

  it('a key of one word is too loose a frame, and a sentence without a value states nothing', () => {
    expect(namesSubject(sentenceWords('the port is 8080'), subjectKey('port'))).toBe(false);
    expect(learnedStatement('we talked about the dev server port today', undefined, [known('dev server port', '3000')])).toBeUndefined();
  });

  it('a subject held in words is not restated by a number that counts something else, in either language', () => {
    const cmd = known('test command', 'pytest -q');
    for (const s of ['I ran the test command 3 times and it passed every time', 'question 14 about the test command', 'the test command took 12 seconds today']) {
      expect(learnedStatement(s, undefined, [cmd])).toBeUndefined();
    }
    expect(learnedStatement('测试命令我今天跑了 3 遍', undefined, [known('测试命令', 'pnpm test')])).toBeUndefined();
    // A subject held as a number still takes a new one from the same kind of sentence.
    expect(learnedStatement('after the cleanup the test count went up to 420', undefined, [known('test count', '380')])).toMatchObject({ value: '420' });
  });

  it('takes the longest known subject the sentence names', () => {
    const st = learnedStatement('the staging dev server port is now 4100', undefined, [known('dev server port', '3000'), known('staging dev server port', '4000')]);
    expect(st?.key).toBe(subjectKey('staging dev server port'));
  });

  it('never reads a value out of a negated or conditional clause, nor a later clause behind one, nor an aside in brackets', () => {
    expect(valueIn('if we ever move the dev server port to 5000', subjectKey('dev server port'))).toBeUndefined();
    const orders = subjectKey('orders table');
    // The negated clause holds the sentence's number; the ticket in the next clause is not the table's value.
    expect(valueIn('orders table must not touch the staging database (note 352, ticket T-87488)', orders)).toBeUndefined();
    expect(valueIn('the orders table must not grow past 5000 rows, see ticket 87488', orders)).toBeUndefined();
    expect(valueIn('orders table is tested with the staging database (note 368) [pull 368]', orders)).toBeUndefined();
    expect(valueIn('the worker pool size (was 12) is now 16', subjectKey('worker pool size'))).toMatchObject({ value: '16' });
  });

  it('whatever the lead-in, a sentence naming the subject with a new number states it (property)', () => {
    const port = known('dev server port', '3000');
    fc.assert(
      fc.property(fc.constantFrom('', 'For reference, ', 'Quick update: ', 'FYI ', 'Per config.yaml, '), fc.integer({ min: 3001, max: 65000 }), fc.constantFrom('the dev server port is now', 'dev server port =', 'the dev server runs on port', 'dev server port:'), (lead, n, body) => {
        expect(learnedStatement(`${lead}${body} ${n}`, undefined, [port])).toMatchObject({ key: port.key, value: String(n), stance: 'assert' });
      }),
    );
  });
});
