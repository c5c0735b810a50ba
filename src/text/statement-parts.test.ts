import { describe, expect, it } from 'vitest';
import { remainderWithout, statementParts } from './statement-parts.js';
import { statementOf } from './statement.js';

const keyOf = (text: string): string => {
  const k = statementOf(text)?.key;
  if (!k) throw new Error(`no statement in ${text}`);
  return k;
};

describe('the parts of a text by the subject each states', () => {
  it('splits at clauses that state different subjects, in both languages', () => {
    const zh = '包管理器用 pnpm，测试命令是 pnpm test:unit';
    expect(statementParts(zh).map((p) => zh.slice(p.start, p.end))).toEqual(['包管理器用 pnpm，', '测试命令是 pnpm test:unit']);
    const en = 'The package manager is pnpm and the test command is pnpm test:unit';
    expect(statementParts(en)).toHaveLength(2);
  });

  it('keeps a clause that states nothing with the part before it', () => {
    const t = '测试命令是 pnpm test:unit，不要用 npm test。部署端口是 8080。';
    const parts = statementParts(t);
    expect(parts.map((p) => t.slice(p.start, p.end))).toEqual(['测试命令是 pnpm test:unit，不要用 npm test。', '部署端口是 8080。']);
  });

  it('is one part when every clause is about one subject, or none', () => {
    expect(statementParts('The preview server port is 3000, see next.config.mjs.')).toHaveLength(1);
    expect(statementParts('We fixed the flaky login test by waiting for the network.').every((p) => p.key === undefined)).toBe(true);
  });
});

describe('what a text still says once one subject has a newer value', () => {
  it('gives the other subjects in their own words', () => {
    const zh = '包管理器用 pnpm，测试命令是 pnpm test:unit';
    expect(remainderWithout(zh, keyOf('包管理器用 bun'))).toBe('测试命令是 pnpm test:unit');
    expect(remainderWithout(zh, keyOf('测试命令是 vitest'))).toBe('包管理器用 pnpm');
    const en = 'We use pnpm. The test command is pnpm test:unit, never npm test.';
    expect(remainderWithout(en, keyOf('The package manager is bun'))).toBe('The test command is pnpm test:unit, never npm test.');
  });

  it('gives nothing for a text of one subject, for a key it does not state, or when the rest is history too', () => {
    expect(remainderWithout('The preview server port is 3000.', keyOf('The preview server port is 3001'))).toBeUndefined();
    const zh = '包管理器用 pnpm，测试命令是 pnpm test:unit';
    expect(remainderWithout(zh, keyOf('部署端口是 8080'))).toBeUndefined();
    expect(remainderWithout(zh, keyOf('包管理器用 bun'), () => false)).toBeUndefined();
  });
});
