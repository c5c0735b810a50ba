import { describe, expect, it } from 'vitest';
import { classify } from './classify.js';
import { hasSignal } from './signals.js';
import { sentencesOf, continues } from './sentences.js';
import { distillSegment } from './distill.js';
import { entitiesOf } from './entities.js';
import { dropRepeats } from './repeats.js';
import type { Candidate } from '../text/index.js';
import type { Segment } from '../segmenter/index.js';

const ctx = { agent: 'claude', dir: '/repo', sessionId: 's1', sourceAt: (t: number) => `sessions/s1.cast#t=${t.toFixed(1)}`, marker: '!记得' };

function segment(turns: Array<[string, string[]]>, markers: string[] = []): Segment {
  return {
    start: 0,
    end: turns.length,
    lines: turns.flatMap(([, reply], i) => reply.map((text) => ({ t: i + 0.5, text }))),
    inputs: turns.map(([user], i) => ({ t: i, text: user, uncertain: false })),
    turns: turns.map(([user, reply], i) => ({ t: i, user, uncertain: false, reply })),
    markers,
  };
}

describe('repeats within a session', () => {
  it('drops a candidate whose words are nearly all in an earlier one of its type, keeps markers and different statements', () => {
    const c = (text: string, extra: Partial<Candidate> = {}): Candidate => ({ type: 'fact', text, dir: '/r', agent: 'a', ...extra });
    const kept = dropRepeats([
      c('the root cause was a shared temp directory in the tests'),
      c('The root cause was a shared temp directory in the tests!'),
      c('root cause: shared temp directory in tests, fixed now'),
      c('the lint command is ruff check', { type: 'project' }),
      c('the test command is pytest -q', { type: 'project' }),
      c('the root cause was a shared temp directory', { explicit: true }),
    ]).map((x) => x.text);
    expect(kept).toEqual([
      'the root cause was a shared temp directory in the tests',
      'root cause: shared temp directory in tests, fixed now',
      'the lint command is ruff check',
      'the test command is pytest -q',
      'the root cause was a shared temp directory',
    ]);
  });
});

describe('classification rules', () => {
  it('puts habits in global, repo facts in project, the rest in fact', () => {
    expect(classify('I prefer answers in Chinese, with code comments in English')).toBe('global');
    expect(classify('我习惯用中文写提交信息')).toBe('global');
    expect(classify('The test command for this repo is `pytest -q`')).toBe('project');
    expect(classify('测试命令是 npm run test:unit')).toBe('project');
    expect(classify('src/store/db.ts opens the database with WAL')).toBe('project');
    expect(classify('the root cause was a race between two workers')).toBe('fact');
  });

  it('keeps a standing instruction that sets a thing of the project with the project, not as the user\'s habit', () => {
    expect(classify('以后发版时间是周三', 'user')).toBe('project');
    expect(classify('!记得 以后发版时间是周三'.slice(4), 'explicit')).toBe('project');
    expect(classify('from now on the staging port is 8443', 'user')).toBe('project');
    expect(classify('Going forward, staging runs on port 8443', 'user')).toBe('project');
    expect(classify('以后回答都用中文', 'user')).toBe('global');
    expect(classify('from now on, explain before you edit', 'user')).toBe('global');
  });
});

describe('signals and sentences', () => {
  it('finds decisions and completions in both languages', () => {
    for (const s of ['修复了登录超时的问题', '我们决定使用 Redis 做缓存', '根本原因是连接池太小', 'Fixed the flaky test', 'We decided to drop Python 3.8', 'From now on use pnpm']) {
      expect(hasSignal(s), s).toBe(true);
    }
    expect(hasSignal('Here is the file listing')).toBe(false);
  });

  it('splits Chinese and English sentences, stripping TUI chrome', () => {
    expect(sentencesOf(['⏺ 已修复缓存问题。根本原因是键没有带版本号！', '│ Then I ran the tests. All passed. │'])).toEqual([
      '已修复缓存问题。',
      '根本原因是键没有带版本号！',
      'Then I ran the tests.',
      'All passed.',
    ]);
  });
});

describe('distillSegment', () => {
  it('gives a project memory for the test command', () => {
    const d = distillSegment(segment([['what is the test command?', ['The test command for this repo is `pytest -q`, run from the root.']]]), ctx);
    const c = d.candidates.find((x) => x.text.includes('pytest -q'));
    expect(c).toMatchObject({ type: 'project', dir: '/repo', agent: 'claude', sessionId: 's1', source: 'sessions/s1.cast#t=0.0' });
  });

  it('gives nothing for small talk', () => {
    const d = distillSegment(segment([['好的', ['好的。']], ['ok', ['Sure.']]]), ctx);
    expect(d.candidates).toEqual([]);
  });

  it('takes explicit markers as they stand, once', () => {
    const d = distillSegment(segment([['!记得 迁移先在 staging 跑', ['我看了一下。']]], ['迁移先在 staging 跑']), ctx);
    expect(d.candidates.filter((c) => c.text === '迁移先在 staging 跑')).toHaveLength(1);
    expect(d.candidates[0]?.explicit).toBe(true);
  });

  it('keeps user decisions and writes a summary with entities', () => {
    const d = distillSegment(
      segment([
        ['以后都用 pnpm，不要再用 npm 了', ['好的，已经改为 pnpm。']],
        ['look at src/app.ts please', ['Done: src/app.ts now exports the router.']],
      ]),
      ctx,
    );
    expect(d.candidates.some((c) => c.text.includes('以后都用 pnpm'))).toBe(true);
    expect(d.summary).toContain('src/app.ts');
    expect(d.condensed.length).toBeLessThanOrEqual(1600);
    // The summary belongs to the session, not to the memories: it states nothing true of the project.
    expect(d.candidates.some((c) => c.text.includes('session:') || c.text.includes(d.summary))).toBe(false);
  });

  it('takes no typed commands as statements in a shell; their output speaks', () => {
    const d = distillSegment(segment([['echo "决定使用 pnpm 管理依赖"', ['决定使用 pnpm 管理依赖，以后不要再用 npm install 了']]]), { ...ctx, agent: 'bash' });
    expect(d.candidates.map((c) => c.text)).toEqual(['决定使用 pnpm 管理依赖，以后不要再用 npm install 了']);
  });

  it('does not remember questions', () => {
    const d = distillSegment(segment([['what is the test command?', []], ['测试命令是什么？', []], ['以后怎么部署呢', []]]), ctx);
    // Not even a session summary: a session that only asked established nothing.
    expect(d.candidates).toEqual([]);
  });

  it('keeps a request that only names a much-asked subject out, and a value the user states of a thing', () => {
    const d = distillSegment(
      segment([
        ['look into the test command for the api package', ['Sure.']],
        ['检查一下构建命令', ['好的。']],
        ['the test command should be pnpm vitest run', ['Noted.']],
        ['构建命令改成 pnpm build', ['好的。']],
        // A value the user states of a thing is kept: a name, a number, a time; a request to change code is not a value,
        // and a plain word is how things look now.
        ['我们的数据库是 Postgres 16', ['好的。']],
        ['fix the bug in src/app.ts', ['On it.']],
        ['发版时间是周三', ['好的。']],
        ['the pipeline is red again', ['Looking.']],
        ['登录页面是空白的', ['我看看。']],
      ]),
      ctx,
    );
    expect(d.candidates.map((c) => c.text)).toEqual(['the test command should be pnpm vitest run', '构建命令改成 pnpm build', '我们的数据库是 Postgres 16', '发版时间是周三']);
  });

  it('keeps a plain word stated as a value when the session wrote it as code', () => {
    const d = distillSegment(
      segment([
        ['the default branch is main', ['Pushed: `git push origin main` went through.']],
        ['the pipeline is red again', ['Looking at the failing job now.']],
      ]),
      ctx,
    );
    const texts = d.candidates.map((c) => c.text);
    expect(texts).toContain('the default branch is main');
    expect(texts).not.toContain('the pipeline is red again');
    const alone = distillSegment(segment([['the default branch is main', ['Okay.']]]), ctx);
    expect(alone.candidates).toEqual([]);
  });

  it('extracts paths, backticked names and commands as entities', () => {
    expect(entitiesOf(['edit `config.yaml` and src/db/pool.ts, see https://x.io/a/b v1.2.3'], ['npm run build'])).toEqual(
      expect.arrayContaining(['config.yaml', 'src/db/pool.ts', 'npm run build']),
    );
  });
});

describe('sentence boundaries on screen lines', () => {
  it('keeps unpunctuated lines apart unless the text plainly continues', () => {
    const decisions = Array.from({ length: 10 }, (_, i) => `Decided to pin dependency number ${i} to its current major version`);
    const withProgress = decisions.flatMap((d, i) => [d, `[${i + 1}/10] building…`]);
    expect(sentencesOf(decisions)).toEqual(decisions);
    expect(sentencesOf(withProgress).filter((s) => s.startsWith('Decided'))).toEqual(decisions);
    // Hard-wrapped text does run on: lower case after no sentence end, a comma, Chinese into Chinese.
    expect(sentencesOf(['The e2e suite for the storefront and the admin app runs in the', 'github actions workflow on every push.'])).toEqual(['The e2e suite for the storefront and the admin app runs in the github actions workflow on every push.']);
    expect(sentencesOf(['-rw-r--r-- 1 root root 3 Dec 2 13:14 /etc/hostname', 'from now on we use pnpm'])).toHaveLength(2);
    expect(sentencesOf(['先执行 docker compose up -d，', '然后运行 make dev。'])).toEqual(['先执行 docker compose up -d， 然后运行 make dev。']);
    expect(continues('服务会监听', '三千端口')).toBe(true);
    // List items are sentences of their own.
    expect(sentencesOf(['Steps to release', '- run make release', '- tag the commit'])).toEqual(['Steps to release', 'run make release', 'tag the commit']);
  });
});

describe('personal habits and project decisions', () => {
  it('keeps a team decision in the project and only the person in global', () => {
    expect(classify('From now on we use bun instead of pnpm')).toBe('project');
    expect(classify('以后我们统一用 bun，不用 pnpm')).toBe('project');
    expect(classify('I prefer answers in Chinese')).toBe('global');
    expect(classify('我习惯用 vim 写代码')).toBe('global');
  });
});

describe('what a session states, and what it only chats', () => {
  it('keeps the value of a thing stated plainly, without its openers and closers, and what it is about', () => {
    const d = distillSegment(
      segment([
        ['anything about the preview server port?', ['Note that the preview server port is 3000 (see next.config.mjs). Nothing else changed.']],
        ['问一下对账模块负责人', ['对账模块是赵敏在管，有问题找他。 别的没问题。']],
        ['remind me about the e2e command', ['Right now the e2e command is npx playwright test.']],
        // Nine characters, as much as an 18-letter sentence.
        ['帮我确认一下发布流程负责人', ['王芳负责发布流程。 其他都正常。']],
      ]),
      ctx,
    );
    const texts = d.candidates.filter((c) => !c.summary).map((c) => c.text);
    expect(texts).toEqual(['The preview server port is 3000 (see next.config.mjs).', '对账模块是赵敏在管，有问题找他。', 'The e2e command is npx playwright test.', '王芳负责发布流程。']);
    expect(d.candidates.find((c) => c.text.includes('e2e'))?.statement).toMatchObject({ subject: 'e2e command', value: 'npx playwright test' });
  });

  it('leaves nothing of a session that only exchanged general knowledge or small talk', () => {
    const d = distillSegment(
      segment([
        ['what does HTTP 418 mean', ["418 is I'm a teapot, an April Fools' status code from RFC 2324."]],
        ['how does TCP work?', ['TCP opens a connection with a three-way handshake (SYN, SYN-ACK, ACK) and retransmits lost segments.']],
        ['解释一下 CAP 定理', ['分布式系统在一致性、可用性和分区容错之间最多同时满足两项。']],
        ['good night', ['Good night!']],
      ]),
      ctx,
    );
    expect(d.candidates).toEqual([]);
  });
});

describe('only statements are facts', () => {
  const texts = (turns: Array<[string, string[]]>): Array<[string, string]> => distillSegment(segment(turns), ctx).candidates.map((c) => [c.type, c.text]);

  it("a user's question with no mark, or one asked in a later clause, is no memory of any type (nor global)", () => {
    const kept = texts([
      ['I always forget which port the metrics dashboard uses, what is it again', ['The metrics dashboard listens on port 9411.']],
      ['对账代码找谁', ['对账模块（recon/）由陈静负责。']],
      ['夜间任务一般什么时候跑', ['夜间任务的调度是每天 03:30。']],
    ]);
    expect(kept.map(([, t]) => t)).toEqual(['The metrics dashboard listens on port 9411.', '对账模块（recon/）由陈静负责。', '夜间任务的调度是每天 03:30。']);
    expect(kept.some(([type]) => type === 'global')).toBe(false);
  });

  it('a guess is no finding; how a thing always behaves is the project\'s, not the user\'s habit; "I\'ve never" is a statement kept for the project', () => {
    const kept = texts([
      ['线上的导出接口总是超时', ['也许是连接池太小，可以先看看 pool 配置。', 'Probably the worker pool is too small for this.']],
      ["I've never deployed the billing service on a Friday", ['Noted.']],
    ]);
    expect(kept).toEqual([
      ['project', '线上的导出接口总是超时'],
      ['project', "I've never deployed the billing service on a Friday"],
    ]);
  });
});

describe('values stated by structure become memories', () => {
  it("an accepted proposal is the user's statement; a diff on screen states the key's new value", () => {
    const kept = distillSegment(
      segment([
        ['the OTA flash keeps tripping the watchdog', ["I'd raise the watchdog timeout to 2500 ms so the erase can finish — ok?"]],
        ['yes, go with 2500', ['Done.']],
        ['serial is too slow', ['-    baud_rate = 115200', '+    baud_rate = 921600']],
      ]),
      ctx,
    ).candidates.map((c) => c.text);
    expect(kept).toEqual(expect.arrayContaining(['raise the watchdog timeout to 2500 ms so the erase can finish — yes, go with 2500', 'baud_rate = 921600 (was 115200)']));
  });
});
