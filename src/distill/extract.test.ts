import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { featuresOf, anchored } from './features.js';
import { classify } from './classify.js';
import { worth, KEEP_AT, isProse } from './worth.js';
import { pickPassages } from './answers.js';
import { isQuestion, topicOf } from './questions.js';
import { distillSegment } from './distill.js';
import type { Segment } from '../segmenter/index.js';

const ctx = { agent: 'mycli', dir: '/repo', sessionId: 's1', sourceAt: (t: number) => `sessions/s1.cast#t=${t.toFixed(1)}`, marker: '!记得' };

function conversation(turns: Array<[string, string]>): Segment {
  return {
    start: 0,
    end: turns.length,
    lines: [],
    inputs: turns.map(([user], i) => ({ t: i, text: user, uncertain: false })),
    turns: turns.map(([user, reply], i) => ({ t: i, user, uncertain: false, reply: [reply] })),
    markers: [],
  };
}

describe('features of a sentence', () => {
  it('finds commands, paths, routes, ports, env vars, versions, identifiers and limits in both languages', () => {
    expect(featuresOf('Run `cargo nextest run` before pushing').command).toBe(true);
    expect(featuresOf('然后执行 kubectl apply -f deploy/').command).toBe(true);
    expect(featuresOf('The schema lives in db/schema.sql').path).toBe(true);
    expect(featuresOf('调用 PATCH /orders/{id} 更新订单').route).toBe(true);
    expect(featuresOf('网关监听 8443 端口').port).toBe(true);
    expect(featuresOf('set SENTRY_DSN before starting').envVar).toBe(true);
    expect(featuresOf('node is pinned to 18.19').version).toBe(true);
    expect(featuresOf('the retry_count column').identifier).toBe(true);
    expect(featuresOf('会话在 15 分钟后过期').limit).toBe(true);
    expect(featuresOf('uploads are capped at 20MB').limit).toBe(true);
  });

  it('sees nothing of a project in general knowledge', () => {
    expect(anchored(featuresOf('a stack is last in, first out and a queue is first in, first out'))).toBe(false);
    expect(anchored(featuresOf('递归函数需要一个终止条件'))).toBe(false);
  });
});

describe('memory-worthiness', () => {
  it('scores statements with project entities above the bar and chatter at zero', () => {
    for (const s of [
      'Integration tests need a running Postgres; start it with `docker compose up db`.',
      '缓存的 key 统一加上 v2: 前缀，过期时间 30 分钟。',
      'I moved the retry logic into net/retry.go and capped it at 5 attempts.',
    ]) {
      expect(worth(s, 'tell me'), s).toBeGreaterThanOrEqual(KEEP_AT);
    }
    for (const s of [
      'Let me check the config loader first.',
      '我先看一下 router.ts 的实现。',
      'Understood: tabs it is.',
      'Is there anything else you need?',
      'Happy to help with that whenever you like.',
      'A hash map gives constant time lookups on average.',
      '{"name":"x","argv":["--flag","/tmp/a.md"]}',
    ]) {
      expect(worth(s, 'tell me'), s).toBe(0);
    }
  });

  it('knows printed data from prose', () => {
    expect(isProse('{"id":1,"path":"/a/b"}')).toBe(false);
    expect(isProse('0x7f 0x45 0x4c 0x46 0x02 0x01')).toBe(false);
    expect(isProse('The worker reads jobs from the queue.')).toBe(true);
    // The share of letters and spaces among characters, astral ones (𠀀, emoji) counted once.
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '1', '日', '𠀀', '😀', '-', 'é', '\t') }), (s) => {
        const share = (s.match(/[\p{L}\s]/gu) ?? []).length / [...s].length;
        expect(isProse(s)).toBe(!(/^[{[]/.test(s) && /[}\]]$/.test(s)) && !/"\w+"\s*:/.test(s) && share >= 0.6);
      }),
    );
  });
});

describe('passages of a reply', () => {
  it('joins neighbouring sentences, never cuts one, and keeps at most two passages', () => {
    const picked = pickPassages(
      [
        'Sure, happy to look.',
        'Builds go through `make image`, which tags the image with the git SHA.',
        'Images are pushed to registry.internal:5000/app.',
        'That should be all.',
        'Old images are pruned after 14 days by a nightly job.',
        'The nightly job runs at 03:00 UTC from ops/cron/prune.sh.',
        'The dashboard shows CPU at 40% on node-3.',
      ],
      'how are images built?',
    );
    expect(picked.length).toBeLessThanOrEqual(2);
    expect(picked[0]).toContain('`make image`');
    expect(picked[0]).toContain('registry.internal:5000/app');
    expect(picked.join(' ')).not.toContain('Sure, happy');
  });

  it('puts the question in front of an answer that leans on it', () => {
    const [p] = pickPassages(['No, the billing tables are owned by the payments team; ask them before migrating.'], 'can I drop the legacy_invoices table?');
    expect(p).toBe('can I drop the legacy_invoices table: No, the billing tables are owned by the payments team; ask them before migrating.');
    expect(topicOf('这个接口还能用吗？')).toBe('这个接口还能用');
  });

  it('knows questions, with or without a mark', () => {
    expect(isQuestion('so what is the fix')).toBe(true);
    expect(isQuestion('有结论吗')).toBe(true);
    expect(isQuestion('use 4 spaces in Python')).toBe(false);
  });
});

describe('types by speaker', () => {
  it('keeps the user standing instructions global unless they name the project', () => {
    expect(classify('from now on, explain the plan before editing files', 'user')).toBe('global');
    expect(classify('以后都先写测试再改代码', 'user')).toBe('global');
    expect(classify('from now on we deploy from the release branch', 'user')).toBe('project');
    // The same standing instruction, marked or remembered, is the user's too (README: types follow what it is, not how it came).
    expect(classify('From now on, always run the tests before committing')).toBe('global');
    expect(classify('以后提交前先跑测试')).toBe('global');
    expect(classify('From now on, use conventional commit messages in this repo')).toBe('project');
    expect(classify('以后这个项目的提交信息都用英文写')).toBe('project');
    expect(classify('Never migrate the staging database on Fridays')).toBe('project');
  });

  it('makes commands, places and hard rules project; changes, causes and status fact', () => {
    expect(classify('Run `make lint` before committing.', 'assistant')).toBe('project');
    expect(classify('Uploads are stored in s3://assets/uploads under the user id.', 'assistant')).toBe('project');
    expect(classify('不能在事务里调用外部接口。', 'assistant')).toBe('project');
    expect(classify('The memory leak was caused by an unbounded map in cache/lru.ts.', 'assistant')).toBe('fact');
    expect(classify('支付回调已经上线，重试间隔改成了 30 秒。', 'assistant')).toBe('fact');
    expect(classify('Owner of the billing service is Maria; she approves schema changes.', 'assistant')).toBe('fact');
  });

  it('keeps an explicit memory for the directory unless it is a conclusion', () => {
    expect(classify('staging 的数据库每周日凌晨重置', 'explicit')).toBe('project');
    expect(classify('the outage was caused by an expired certificate', 'explicit')).toBe('fact');
    expect(classify('I prefer short answers', 'explicit')).toBe('global');
  });
});

describe('a session distilled', () => {
  it('keeps the answers with entities, the standing instruction, and nothing of the small talk', () => {
    const d = distillSegment(
      conversation([
        ['hi there', 'Hello! How can I help?'],
        ['where do the feature toggles live?', 'Toggles are defined in settings/toggles.toml and reloaded by the watcher every 30 seconds.'],
        ['always answer briefly', 'Will do: brief answers from now on.'],
        ['thanks', "You're welcome."],
      ]),
      ctx,
    );
    const texts = d.candidates.filter((c) => !c.summary).map((c) => `${c.type}: ${c.text}`);
    expect(texts).toEqual(['project: Toggles are defined in settings/toggles.toml and reloaded by the watcher every 30 seconds.', 'global: always answer briefly']);
  });

  it('leaves a small-talk session and a general-knowledge answer without any memory', () => {
    expect(distillSegment(conversation([['早', '早上好！今天做什么？'], ['随便聊聊', '好的，随时找我。']]), ctx).candidates).toEqual([]);
    expect(distillSegment(conversation([['what is a closure in JavaScript?', 'A closure is a function that keeps the variables of the scope it was created in.']]), ctx).candidates).toEqual([]);
  });
});

describe('the summarizer reply', () => {
  it('reads JSON (fenced or not) and plain text, dropping malformed entries', async () => {
    const { parseSummarizerReply, turnTranscript, clipWeighted } = await import('./index.js');
    expect(parseSummarizerReply('Fixed the login bug.')).toEqual({ summary: 'Fixed the login bug.', memories: [] });
    const r = parseSummarizerReply('```json\n{"summary":"s","memories":[{"text":"Use make dev","type":"project","t":3},{"text":"x","type":"bogus"},{"type":"fact"},{"text":"no moment","type":"fact","t":-1}]}\n```');
    expect(r).toEqual({ summary: 's', memories: [{ text: 'Use make dev', type: 'project', t: 3 }, { text: 'no moment', type: 'fact', t: undefined }] });
    expect(parseSummarizerReply('{not json')).toEqual({ summary: '{not json', memories: [] });
    expect(parseSummarizerReply('')).toBeUndefined();
    expect(turnTranscript([{ t: 1.25, user: 'where is it?', reply: 'In a/b.ts.' }])).toBe('[t=1.3] user: where is it?\n[t=1.3] assistant: In a/b.ts.');
    expect(clipWeighted('日志'.repeat(100), 11)).toBe('日志日志日…');
  });
});

describe('a long request is not a habit', () => {
  it('keeps "I use" and "whenever" inside a long question about the work out of the global preferences', () => {
    const ask = "I'm trying to optimize the login API response time, which has decreased to 120ms under 20 concurrent requests, and I want to make sure I use the best caching approach whenever the user data changes - can you review my code?";
    expect(classify(ask, 'user')).not.toBe('global');
    expect(classify('I prefer tabs over spaces in every repo', 'user')).toBe('global');
    expect(classify('Always use bold font for class names when I ask about detected object labels', 'user')).toBe('global');
  });
});
