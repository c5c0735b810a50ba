import { describe, expect, it } from 'vitest';
import { productVersion, toolStatement } from './statement-tools.js';
import { statementOf } from './statement.js';

const said = (t: string): string | undefined => {
  const s = toolStatement(t);
  return s ? `${s.subject} = ${s.value}` : undefined;
};

describe('a product at a version', () => {
  it('reads the product and version a value names, lists or no lists', () => {
    expect(productVersion('Python 3.10 inside the airflow image')).toEqual({ product: 'python', version: '3.10' });
    expect(productVersion('Tailwind CSS 4')).toEqual({ product: 'tailwind css', version: '4' });
    expect(productVersion('Node.js v22')).toEqual({ product: 'node', version: '22' });
    expect(productVersion('yarn 1')).toEqual({ product: 'yarn', version: '1' });
    for (const v of ['3000', 'port 3000', 'the release branch', 'eu-west-1', '5 times']) expect(productVersion(v), v).toBeUndefined();
  });

  it('names a product no list knows after a verb of upgrading', () => {
    expect(said('升级到 Tailwind CSS 4 了')).toBe('Tailwind CSS version = Tailwind CSS 4');
    expect(said('we upgraded the app to Spring Boot 3.2')).toBe('Spring Boot version = Spring Boot 3.2');
    expect(said('should we upgrade to Tailwind CSS 4')).toBeUndefined();
  });
});

describe('a value whose subject goes unsaid, named by the tool', () => {
  it('reads the role a known tool fills after a verb of using or switching, in both languages', () => {
    expect(said("We're on Node 22 now")).toBe('Node version = Node 22');
    expect(said('The project targets Node.js 18')).toBe('Node version = Node 18');
    expect(said('we moved CI over to GitHub Actions last week')).toBe('CI = GitHub Actions');
    expect(said('The build uses esbuild under the hood')).toBe('bundler = esbuild');
    expect(said('我们切到 pnpm 了')).toBe('package manager = pnpm');
    expect(said('升级到 PostgreSQL 16 了')).toBe('database = PostgreSQL 16');
    expect(said('这个仓库用 yarn 1 管理依赖')).toBe('package manager = yarn 1');
    expect(said('Workers now consume from Kafka, topic jobs.default')).toBe('message queue = Kafka');
    expect(said('We store sessions in Redis')).toBe('cache = Redis');
    expect(said('订单数据存在 MongoDB 里')).toBe('database = MongoDB');
  });

  it('reads nothing that is negated, conditional, proposed, for a purpose, or without a verb of use', () => {
    for (const t of [
      "we don't use yarn anymore",
      'the crash only reproduces if you use Node 16',
      'should we switch to pnpm',
      'we plan to move to Kafka',
      'use Redis for rate limiting',
      'Redis as a queue works too, we use it as one',
      'Run npm test before pushing',
      'npm install fails on CI',
      'I tried Bun yesterday',
      '别用 npm install',
      '如果用 MySQL 就要改驱动',
      'Nodes 18 of the cluster use nothing',
    ]) {
      expect(said(t), t).toBeUndefined();
    }
  });

  it('comes after the sentence shapes, and before a later clause when its own clause has no shape', () => {
    expect(statementOf('The e2e command is playwright test')?.subject).toBe('e2e command');
    expect(statementOf('我们切到 pnpm 了，用 pnpm install，lockfile 是 pnpm-lock.yaml。')?.subject).toBe('package manager');
    // A change of tool supersedes the old one because both name the same subject.
    expect(statementOf('The project targets Node 18 (see .nvmrc).')?.key).toBe(statementOf("We're on Node 22 now, .nvmrc was bumped.")?.key);
  });
});
