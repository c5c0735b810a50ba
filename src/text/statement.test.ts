import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { statementOf } from './statement.js';
import { headOf, matchSubjects, sameValue, subjectKey } from './subject-key.js';
import { stripChatter } from './chatter.js';

const said = (text: string) => {
  const s = statementOf(text);
  return s && { key: s.key, value: s.value, stance: s.stance };
};

describe('statements of a value (pure)', () => {
  it('finds the subject and value however the change is worded, in English', () => {
    const port = subjectKey('preview server port');
    for (const [text, value] of [
      ['The preview server port is 3000 (see next.config.mjs).', '3000'],
      ['Set the preview server port to 3001.', '3001'],
      ['Bumped the preview server port to 3002 and updated next.config.mjs.', '3002'],
      ['The preview server port — 3003.', '3003'],
      ['next.config.mjs says the preview server port is 3004.', '3004'],
      ['Correction: the preview server port is not 3004 any more, it is 3005.', '3005'],
      ['The preview server port changed: it used to be 3005, now it is 3006.', '3006'],
      ['Replaced 3006 with 3007 as the preview server port; the config reflects it.', '3007'],
      ['Going forward we use 3008 for the preview server port.', '3008'],
      ['Right now the preview server port is 3009. Nothing else changed.', '3009'],
    ] as const) {
      expect(said(text), text).toEqual({ key: port, value, stance: 'assert' });
    }
  });

  it('reads a colon inside a token as part of it, not as the end of a topic, and takes no prohibition for a subject', () => {
    const test = subjectKey('test command');
    // "test:unit", "localhost:5173", "redis://": the value's own colon, in either language.
    expect(said('测试命令是 pnpm test:unit，不要用 npm test')).toEqual({ key: test, value: 'pnpm test:unit', stance: 'assert' });
    expect(said('The test command is pnpm test:unit, not npm test')).toEqual({ key: test, value: 'pnpm test:unit', stance: 'assert' });
    expect(said('缓存地址是 redis://cache:6379/0，别用本地的')).toEqual({ key: subjectKey('缓存地址'), value: 'redis://cache:6379/0', stance: 'assert' });
    // A topic in front still goes, with or without a space after an ASCII colon.
    expect(said('测试命令是什么:这个项目的测试命令是 pytest -q')).toEqual({ key: test, value: 'pytest -q', stance: 'assert' });
    expect(said('更新：预览端口改为 9090')).toEqual({ key: subjectKey('预览端口'), value: '9090', stance: 'assert' });
    // What a prohibition forbids is no value of anything.
    for (const text of ['不要用 npm test', '别再用 yarn 了', '禁止直接修改 orders 表', '千万不要用 root 账号部署']) expect(said(text), text).toBeUndefined();
    // Nor a clause that says when (排查问题时 …): what it sets then is not the current value.
    expect(said('日志级别默认 info，排查问题时改成 debug。')).toBeUndefined();
    expect(said('部署时用 blue-green')).toBeUndefined();
    expect(said('响应超时是 30 秒')).toEqual({ key: subjectKey('响应超时'), value: '30 秒', stance: 'assert' });
    // 把 moves the thing changed before its verb; who did it is not the subject.
    expect(said('已经把默认分页大小改成 50 了。')).toEqual({ key: subjectKey('默认分页大小'), value: '50', stance: 'assert' });
    expect(said('好的，我把 Redis 的过期时间设置为 3600 秒。')).toEqual({ key: subjectKey('Redis 的过期时间'), value: '3600 秒', stance: 'assert' });
    expect(said('我建议把超时改成 60 秒，你看可以吗？')).toBeUndefined();
    // A modal closes the subject's clause: 预览端口应该是 8081 is about 预览端口.
    expect(said('上面说错了，预览端口应该是 8081。')).toEqual({ key: subjectKey('预览端口'), value: '8081', stance: 'assert' });
  });

  it('reads "was X, now it is Y" and an arrow as the new value', () => {
    const retries = subjectKey('retry count');
    for (const text of ["Fixed: the retry count was 3, now it's 5.", 'The retry count was 3; it is now 5.', 'Retry count: 3 -> 5']) {
      expect(said(text), text).toEqual({ key: retries, value: '5', stance: 'assert' });
    }
    expect(said('超时：30s → 60s')).toEqual({ key: subjectKey('超时'), value: '60s', stance: 'assert' });
    // A state said of no thing is none.
    expect(said("The build was slow, now it's fine.")).toBeUndefined();
  });

  it('keeps a file named after a passive verb as the value, and drops one cited after a value', () => {
    // "built" alone would make every later "is built from …" the same value, so it would never replace this one.
    expect(said('The docker image is built from Dockerfile.prod')).toEqual({ key: subjectKey('docker image'), value: 'built from Dockerfile.prod', stance: 'assert' });
    // Loaded or read from a file is where it is kept (place-words.json en_from_verbs).
    expect(said('The config is loaded from config/app.yaml')).toEqual({ key: subjectKey('config location'), value: 'config/app.yaml', stance: 'assert' });
    expect(said('The env is read from .env')).toEqual({ key: subjectKey('env location'), value: '.env', stance: 'assert' });
    // A value, then where it is written down.
    expect(said('The port is 3000 per config.yaml')?.value).toBe('3000');
    expect(said('The database is postgres in docker-compose.yml')?.value).toBe('postgres');
  });

  it('takes a lower-case Latin word amid Chinese for a name, whatever its ending', () => {
    // "alembic", "ansible", "elastic" end like English adjectives; in a Chinese sentence they are tools.
    expect(said('数据库迁移用 alembic，跑 alembic upgrade head。')).toEqual({ key: subjectKey('数据库迁移'), value: 'alembic', stance: 'assert' });
    expect(said('日志检索现在用 elastic')).toEqual({ key: subjectKey('日志检索'), value: 'elastic', stance: 'assert' });
    // In English prose the same ending still reads as a judgement, not a value.
    expect(said('The new dashboard is incredible')).toBeUndefined();
  });

  it('reads where a thing runs and a quantity raised or lowered', () => {
    expect(said('CI runs on Jenkins at ci.acme.internal; the pipeline file is Jenkinsfile.')).toMatchObject({ key: subjectKey('CI'), stance: 'assert' });
    expect(said('Yes, we moved CI over to GitHub Actions last week.')).toEqual({ key: subjectKey('CI'), value: 'GitHub Actions', stance: 'assert' });
    expect(said('覆盖率门槛提到了 85%，下周开始强制。')).toEqual({ key: subjectKey('覆盖率门槛'), value: '85%', stance: 'assert' });
    expect(said('接口超时调到 30 秒')).toEqual({ key: subjectKey('接口超时'), value: '30 秒', stance: 'assert' });
    expect(said('The max upload size went up to 25 MB for the video feature.')).toMatchObject({ key: subjectKey('max upload size'), stance: 'assert' });
    expect(said('生产环境日志级别调成 warn 了，太吵了。')).toEqual({ key: subjectKey('生产环境日志级别'), value: 'warn', stance: 'assert' });
    // A thing named in -ing is a thing, not an activity.
    expect(said('Staging is hosted on Render, service name app-staging.')).toEqual({ key: subjectKey('staging'), value: 'Render', stance: 'assert' });
    expect(said('We migrated staging to Fly.io; the Render service is gone.')).toEqual({ key: subjectKey('staging'), value: 'Fly.io', stance: 'assert' });
    // Who is on call is the owner of the on-call, however it is said.
    expect(said('Wang Lei is on call for svc this month.')?.key).toBe(said('Li Na took over on-call for svc from Wang Lei.')?.key);
    // 提到 is also "mentioned": before anything but a number it states nothing.
    expect(said('文档里提到了 Redis 的配置')).toBeUndefined();
  });

  it('reads a rule of the project ("should be", "must be") and an instruction to use one thing as another', () => {
    expect(said('The test command should be npm test.')).toEqual({ key: subjectKey('test command'), value: 'npm test', stance: 'assert' });
    expect(said('The API port must be 8443')).toEqual({ key: subjectKey('API port'), value: '8443', stance: 'assert' });
    expect(said('Use make check as the test command.')).toEqual({ key: subjectKey('test command'), value: 'make check', stance: 'assert' });
    expect(said('Always use tabs for indentation')).toEqual({ key: subjectKey('indentation'), value: 'tabs', stance: 'assert' });
    // "got" is no part of the subject; a port a thing uses is its port (a thing uses many tools, one port).
    expect(said('The deadline got pushed to March 22.')?.key).toBe(subjectKey('deadline time'));
    expect(said('The API uses port 8443.')).toEqual({ key: subjectKey('API port'), value: '8443', stance: 'assert' });
    // A person or a pronoun is no subject, and a use with no role names none.
    expect(said('You should be careful with the migration.')).toBeUndefined();
    expect(said('It should be fine now.')).toBeUndefined();
    expect(said('Use the new API.')).toBeUndefined();
  });

  it('finds owners as the owner of the thing', () => {
    const owner = subjectKey('CMS integration owner');
    expect(said('Ping Chen Wei for anything about the CMS integration.')).toMatchObject({ key: owner, value: 'Chen Wei' });
    expect(said('Maria Lopez now looks after the CMS integration.')).toMatchObject({ key: owner, value: 'Maria Lopez' });
    expect(said('The CMS integration is handed over to Ana Silva starting this week.')).toMatchObject({ key: owner, value: 'Ana Silva' });
    const zh = subjectKey('对账模块负责人');
    expect(said('对账模块是赵敏在管，有问题找他。')).toMatchObject({ key: zh, value: '赵敏' });
    expect(said('赵敏去做别的项目了，对账模块今后归孙浩。')).toMatchObject({ key: zh, value: '孙浩' });
    expect(said('对账模块现在是孙浩负责。')).toMatchObject({ key: zh, value: '孙浩' });
  });

  it('finds the subject and value in Chinese', () => {
    const build = subjectKey('构建命令');
    for (const [text, value] of [
      ['目前构建命令是 mvn -q package。别的没问题。', 'mvn -q package'],
      ['构建命令升级到 ./gradlew build 了，build.gradle 同步改了。', './gradlew build'],
      ['以后构建命令统一用 make build。', 'make build'],
      ['构建命令切到 bazel build，老的下线了。', 'bazel build'],
      ['更正一下：构建命令已经不是 make 了，改为 just build。', 'just build'],
      ['构建命令由 just build 调整为 npm run build，配置已同步。', 'npm run build'],
      ['构建命令——pnpm build。', 'pnpm build'],
      ['build.gradle 显示构建命令为 gradle assemble。', 'gradle assemble'],
    ] as const) {
      expect(said(text), text).toEqual({ key: build, value, stance: 'assert' });
    }
  });

  it('reads a refused or rolled-back proposal as a refusal that names the value kept', () => {
    expect(statementOf('Someone suggested us-east-1 for the primary region; we said no, the primary region remains eu-west-1.')).toMatchObject({
      key: subjectKey('primary region'),
      value: 'eu-west-1',
      other: 'us-east-1',
      stance: 'reject',
    });
    expect(said('Trying Next.js 13.5 as the Next.js version failed the smoke tests, rolled back to Next.js 14.2.')).toEqual({ key: subjectKey('Next.js version'), value: 'Next.js 14.2', stance: 'reject' });
    expect(said('有人提议缓存改用 Caffeine，评审没通过，缓存维持 Redis。')).toEqual({ key: subjectKey('缓存'), value: 'Redis', stance: 'reject' });
    expect(said('把缓存换成 Caffeine 试了，线上报错，已回退到 Redis。')).toEqual({ key: subjectKey('缓存'), value: 'Redis', stance: 'reject' });
    // A failure alone refuses nothing named.
    expect(said('The deploy failed because the region is eu-west-1.')).toBeUndefined();
  });

  it('reads other wordings of the same changes', () => {
    for (const [text, subject, value, stance] of [
      ['The API gateway moved to Envoy.', 'API gateway', 'Envoy', 'assert'],
      ['We switched the message queue over to Kafka last week.', 'message queue', 'Kafka', 'assert'],
      ['Upgraded the Node version to 22.3 in .nvmrc.', 'Node version', '22.3', 'assert'],
      ["The deploy target used to be Heroku; it's fly.io now.", 'deploy target', 'fly.io', 'assert'],
      ['Deploy target: fly.io (was Heroku).', 'deploy target', 'fly.io', 'assert'],
      ['Questions about the billing service go to Priya.', 'billing service owner', 'Priya', 'assert'],
      ['Priya took over the billing service from Tom.', 'billing service owner', 'Priya', 'assert'],
      ["Moving the API gateway to Traefik was proposed, but we're staying on Envoy.", 'API gateway', 'Envoy', 'reject'],
      ['Redis stays as the cache; Dragonfly was rejected.', 'cache', 'Redis', 'reject'],
      ['We tried Bun as the package manager but reverted to pnpm.', 'package manager', 'pnpm', 'reject'],
      ['消息队列换成了 Kafka。', 'message queue', 'Kafka', 'assert'],
      ['网关现在用 Envoy。', 'gateway', 'Envoy', 'assert'],
      ['李雷接手了支付服务。', '支付服务负责人', '李雷', 'assert'],
      ['提议把消息队列换成 Pulsar，没采纳，还是 Kafka。', 'message queue', 'Kafka', 'reject'],
      ['消息队列没换，还是 Kafka。', 'message queue', 'Kafka', 'reject'],
      ['部署目标从 Heroku 迁移到 fly.io。', 'deploy target', 'fly.io', 'assert'],
      ['上传超时时间调整为 60 秒。', 'upload timeout', '60 秒', 'assert'],
      ['查了一下，数据库为 MySQL 5.7。', '数据库', 'MySQL 5.7', 'assert'],
      ['接口超时时间从 3 秒 改成了 10 秒。', '接口超时时间', '10 秒', 'assert'],
      ['docker-compose.yml now has the message queue set to NATS.', 'message queue', 'NATS', 'assert'],
      ['We tried eslint . as the lint command but reverted to biome check .', 'lint command', 'biome check', 'reject'],
      ['Priya Shah owns the payments service; ask them before changing it.', 'payments service owner', 'Priya Shah', 'assert'],
      ['发布流程交给李强了。', '发布流程负责人', '李强', 'assert'],
    ] as const) {
      expect(said(text), text).toEqual({ key: subjectKey(subject), value, stance });
    }
  });

  it('reads any verb of change after its subject, after a lead-in, and a move refused anywhere in the sentence', () => {
    for (const [text, subject, value, stance] of [
      ['The retry budget has grown to 8.', 'retry budget', '8', 'assert'],
      ['The p95 latency improved further, now averaging 180ms.', 'p95 latency', '180ms', 'assert'],
      ['The cache TTL was bumped to 600s yesterday.', 'cache TTL', '600s', 'assert'],
      ['The nightly import window shortened to 40 minutes.', 'nightly import window', '40 minutes', 'assert'],
      ['Per config/app.yaml, the worker pool size = 12', 'worker pool size', '12', 'assert'],
      ['For reference, the API base path is /api/v2.', 'API base path', '/api/v2', 'assert'],
      ['As of this sprint, the coverage gate is 85%.', 'coverage gate', '85%', 'assert'],
      ['We discussed moving the worker pool size to 16 but decided against it.', 'worker pool size', '', 'reject'],
    ] as const) {
      expect(said(text), text).toEqual({ key: subjectKey(subject), value, stance });
    }
    // A lead-in that is a clause of its own (a condition, a pronoun) is not dropped; a move not refused is not a refusal.
    expect(said('If we moved it, the port is 9090.')).toBeUndefined();
    expect(said('We are moving the worker pool size to 16.')?.stance).not.toBe('reject');
    // Without "to" or "at", only a number is taken as the new value.
    expect(said('The build improved a lot after caching.')).toBeUndefined();
  });

  it('finds nothing where no value of a thing is stated', () => {
    for (const text of [
      'I fixed the flaky test in tests/test_api.py; the root cause was a shared temp dir.',
      "418 is I'm a teapot, an April Fools' status code from RFC 2324.",
      'A monad wraps values with a way to chain computations that carry context.',
      'The root cause is a missing index on orders.user_id.',
      'It is 3 pm.',
      'What is the preview port?',
      'we agreed the release checklist: tag, changelog, then publish',
      '原因是缓存没有失效。',
      '递归调用是函数的最后一个操作，可以被优化成循环。',
    ]) {
      expect(said(text), text).toBeUndefined();
    }
  });
});

describe('a product at a bare version', () => {
  it('is about its version, whatever the sentence called it', () => {
    const key = statementOf('The Node version is 20.11.1')?.key;
    for (const sentence of ['Bumped node to 22.3.0', 'Upgraded Node to 22', 'The Node.js version is v22.3.0', 'NodeJS version: 18', 'node 升级到 22.3.0']) {
      expect(statementOf(sentence)?.key, sentence).toBe(key);
    }
    expect(statementOf('Bumped Tailwind to 4.1.0')?.key).toBe(statementOf('The Tailwind version is 4.0.2')?.key);
    // The words said stay when they already name it.
    expect(statementOf('Java 版本是 21')?.subject).toBe('Java 版本');
  });

  it('only when the value is a version of a product: a count or a duration keeps its subject', () => {
    expect(statementOf('Bumped the replicas to 3')?.subject).toBe('replicas');
    expect(statementOf('Set Replicas to 3')?.subject).toBe('Replicas');
    expect(statementOf('Bumped the timeout to 2.5')?.subject).toBe('timeout');
    expect(statementOf('The preview port is 3001')?.subject).toBe('preview port');
  });
});

describe('subject keys (pure)', () => {
  it('folds wording, plurals, abbreviations and the other language onto one key', () => {
    expect(subjectKey('the e2e command')).toBe(subjectKey('end-to-end commands'));
    expect(subjectKey('JDK 版本')).toBe(subjectKey('the JDK version'));
    expect(subjectKey('构建命令')).toBe(subjectKey('build command'));
    expect(subjectKey('预览服务器端口')).toBe(subjectKey('preview server port'));
    expect(subjectKey('preview 端口')).toBe(subjectKey('preview port'));
    expect(subjectKey('the test command for this repo')).toBe(subjectKey('test command'));
  });

  it('matches a subject inside a longer one only when it names two things or more', () => {
    expect(matchSubjects(subjectKey('preview port'), subjectKey('preview server port'))).toBe('same');
    expect(matchSubjects(subjectKey('port'), subjectKey('preview server port'))).toBe('maybe');
    expect(matchSubjects(subjectKey('api server port'), subjectKey('preview server port'))).toBe('different');
  });

  it('does not take a part of a thing for the thing: the longer subject must keep the head word', () => {
    const m = (a: string, b: string) => matchSubjects(subjectKey(a), subjectKey(b), [headOf(a), headOf(b)]);
    expect(headOf('the preview server port')).toBe('port');
    expect(headOf('port of the dev server')).toBe('port');
    expect(headOf('预览服务器端口')).toBe(headOf('preview server port'));
    expect(m('preview port', 'preview server port')).toBe('same');
    expect(m('port of the preview server', 'preview server port')).toBe('same');
    expect(m('nightly batch window', 'Nightly batch window retries')).toBe('different');
    expect(m('dev server', 'dev server port')).toBe('different');
  });

  it('compares values by their words', () => {
    expect(sameValue('Next.js 15.1', '15.1')).toBe(true);
    expect(sameValue('Next.js 15.1', 'Next.js 14.2')).toBe(false);
    expect(sameValue('3000', '3001')).toBe(false);
    expect(sameValue('5 次', '3 次')).toBe(false);
  });
});

/** Subjects made of glossary words, in both languages: the same thing, said either way. */
const THINGS: Array<[string, string]> = [
  ['build command', '构建命令'],
  ['test command', '测试命令'],
  ['preview server port', '预览服务器端口'],
  ['cache', '缓存'],
  ['log format', '日志格式'],
  ['callback retry count', '回调重试次数'],
  ['primary region', '主区域'],
  ['database version', '数据库版本'],
];
const VALUES = ['3001', 'pnpm build', 'Redis', 'eu-central-1', 'JSON lines', 'v2.4.1', './gradlew build', '5'];
const EN_SAYINGS = [
  (t: string, v: string) => `The ${t} is ${v}.`,
  (t: string, v: string) => `Right now the ${t} is ${v}. Nothing else changed.`,
  (t: string, v: string) => `Bumped the ${t} to ${v} and updated the config.`,
  (t: string, v: string) => `Set the ${t} to ${v}.`,
  (t: string, v: string) => `The ${t} — ${v}.`,
  (t: string, v: string) => `Going forward we use ${v} for the ${t}.`,
  (t: string, v: string) => `Correction: the ${t} is not x9 any more, it is ${v}.`,
];
const ZH_SAYINGS = [
  (t: string, v: string) => `${t}是 ${v}。`,
  (t: string, v: string) => `目前${t}是 ${v}。别的没问题。`,
  (t: string, v: string) => `${t}改为 ${v}。`,
  (t: string, v: string) => `${t}切到 ${v}，老的下线了。`,
  (t: string, v: string) => `以后${t}统一用 ${v}。`,
  (t: string, v: string) => `${t}——${v}。`,
  (t: string, v: string) => `${t}由 x9 调整为 ${v}。`,
];

describe('properties', () => {
  it('a restatement keeps its subject, in other words and in the other language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...THINGS), fc.constantFrom(...VALUES), fc.constantFrom(...EN_SAYINGS), fc.constantFrom(...ZH_SAYINGS), ([en, zh], v, sayEn, sayZh) => {
        const a = statementOf(sayEn(en, v));
        const b = statementOf(sayZh(zh, v));
        expect(a?.key).toBe(subjectKey(en));
        expect(b?.key).toBe(a?.key);
        expect(sameValue(a?.value ?? '', v)).toBe(true);
        expect(sameValue(b?.value ?? '', v)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('chatter (pure)', () => {
  it('strips openers and closers that carry nothing, in both languages', () => {
    expect(stripChatter('Right now the e2e command is npx playwright test. Nothing else changed.')).toBe('The e2e command is npx playwright test.');
    expect(stripChatter('Looked at next.config.mjs; the preview port is 3000.')).toBe('The preview port is 3000.');
    expect(stripChatter('Done: rotated the staging key in Vault.')).toBe('Rotated the staging key in Vault.');
    expect(stripChatter('目前构建命令是 mvn -q package。别的没问题。')).toBe('构建命令是 mvn -q package。');
    expect(stripChatter('确认了一下：缓存是 Redis。')).toBe('缓存是 Redis。');
    expect(stripChatter('application.yml 里写着，缓存是 Redis。')).toBe('缓存是 Redis。');
    // A closer alone is nothing but chatter: nothing is left of it.
    expect(stripChatter('Nothing else changed.')).toBe('');
    expect(stripChatter('别的没问题。')).toBe('');
  });

  it('leaves a sentence that starts with a word of the fact alone', () => {
    for (const s of ['Update the README before merging.', 'Note the orders table has no index.', '对账模块是赵敏在管。', 'Nothing in src/legacy may import from src/app.']) {
      expect(stripChatter(s)).toBe(s);
    }
  });
});
