import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitBudget } from './budget.js';
import { formatBlock, formatLine } from './format.js';
import { loadTokenCounter } from './tokens.js';
import { conflictJudge, findConflicts, orderSelected, selectMemories, type Selected } from './select.js';
import { chooseAdapter, planAdapter } from './adapters/builtin.js';
import { buildLaunchQuery, promptFromArgs } from './launch-query.js';
import { buildBlock } from './build.js';
import { BLOCK_BEGIN, BLOCK_END } from '../memory-block.js';
import { cosine, tokenSet } from '../text/index.js';
import type { BlockMemory } from './select.js';

const VECTOR_DIMS = 8;

function mem(id: number, type: BlockMemory['type'], text: string, createdAt: number, extra: Partial<BlockMemory> = {}): BlockMemory {
  return { id: type === 'global' ? `g${id}` : String(id), type, text, createdAt, heat: 0, ...extra };
}

const OPTIONS = { topK: 5, retrievalThreshold: 0.38, conflictThreshold: 0.9, archiveAfterDays: 30, budget: 1500, language: 'auto' as const, now: Date.now() };

describe('format', () => {
  it('has markers, an opening line, tagged lines and a closing instruction, in Chinese or English', () => {
    const zh = formatBlock([{ type: 'global', text: '用中文回答' }, { type: 'fact', text: '订单表有 create_time 索引' }], 'zh');
    const lines = zh.split('\n');
    expect(lines[0]).toBe(BLOCK_BEGIN);
    expect(lines[1]).toMatch(/背景信息/);
    expect(lines[2]).toBe('1. [偏好] 用中文回答');
    expect(lines[3]).toBe('2. [事实] 订单表有 create_time 索引');
    expect(lines[4]).toMatch(/不要复述/);
    expect(lines[5]).toBe(BLOCK_END);
    expect(formatBlock([{ type: 'project', text: 'tests: pytest -q' }], 'en')).toContain('1. [project] tests: pytest -q');
  });
});

describe('budget', () => {
  it('counts real BPE tokens and drops the least relevant whole memories', async () => {
    const count = await loadTokenCounter();
    // Chinese costs far more tokens than characters ÷ 4 suggests.
    const zh = '日志统一使用 JSON 格式，字段名用 snake_case，时间戳用 ISO 8601，错误要带 trace_id。';
    expect(count(zh)).toBeGreaterThan(zh.length / 4);
    const items = Array.from({ length: 30 }, (_, i) => ({ item: `${i}: ${zh}`, relevance: i }));
    const render = (kept: string[]): string => kept.join('\n');
    const kept = fitBudget(items, 200, render, count, (i) => `${i}\n`);
    expect(count(render(kept))).toBeLessThanOrEqual(200);
    expect(kept.length).toBeGreaterThan(0);
    // The most relevant survive, in their original order, each whole.
    expect(kept).toEqual(items.slice(30 - kept.length).map((i) => i.item));
  });

  it('drops a long memory rather than cutting it', async () => {
    const count = await loadTokenCounter();
    const long = 'word '.repeat(500);
    const kept = fitBudget([{ item: 'short and important', relevance: 2 }, { item: long, relevance: 1 }], 100, (k) => k.join('\n'), count, (i) => `${i}\n`);
    expect(kept).toEqual(['short and important']);
  });
});

describe('current state in the block', () => {
  const DAY = 86_400_000;
  const now = 100 * DAY;
  const state = (id: number, subject: string, value: string, day: number): BlockMemory =>
    mem(id, 'fact', `The ${subject} is ${value}.`, day * DAY, { subjectKey: subject.toLowerCase().split(' ').sort().join(' '), subject, value });

  it('carries every current value that fits the budget with the project memories, older first, before the episodes and beyond top_k', async () => {
    const count = await loadTokenCounter();
    const values = Array.from({ length: 20 }, (_, i) => state(i + 1, `setting${i} port`, `${3000 + i}`, i + 1));
    const episode = mem(99, 'fact', 'Fixed the flaky login test; the root cause was a shared temp dir.', 50 * DAY);
    const block = buildBlock({ globals: [], projects: [mem(50, 'project', 'Run the tests with pnpm vitest run.', 40 * DAY), ...values], facts: [{ memory: episode, score: 0.9 }] }, () => undefined, { ...OPTIONS, now }, count);
    const lines = block.text.split('\n').filter((l) => /^\d+\. /.test(l));
    expect(lines).toHaveLength(22);
    // State comes before the episode, and older state first, whatever its type.
    expect(lines[0]).toContain('setting0 port is 3000');
    expect(lines.at(-1)).toContain('flaky login test');
    expect(block.tokens).toBeLessThanOrEqual(OPTIONS.budget);
  });

  it('says so when two current values may be of one subject', () => {
    const a = state(1, 'port', '8080', 1);
    const b = state(2, 'preview server port', '3001', 80);
    const c = state(3, 'api server port', '4000', 81);
    const judge = conflictJudge(() => undefined, 0.9);
    expect(findConflicts([a, b, c], judge)).toEqual([[1, 2], [1, 3]]);
    expect(findConflicts([b, c], judge)).toEqual([]);
  });

  it('does not take a thing for a part of it named after it: "staging" is not the "Staging DB port"', () => {
    const judge = conflictJudge(() => undefined, 0.9);
    expect(findConflicts([state(1, 'staging', 'staging-db-02', 1), state(2, 'Staging DB port', '5434', 2)], judge)).toEqual([]);
    // Values of one shape under different heads may still be one thing: the version of node.
    expect(findConflicts([state(5, 'node', '22.3.0', 1), state(6, 'Node version', '20.11.1', 2)], judge)).toEqual([[1, 2]]);
    // Said without its subject (an older memory), the pair is still flagged as before.
    const bare = { ...state(3, 'staging', 'staging-db-02', 1), subject: null };
    expect(findConflicts([bare, state(4, 'Staging DB port', '5434', 2)], judge)).toEqual([[1, 2]]);
  });
});

describe('order and conflicts', () => {
  it('puts globals, then project, then facts; older first in each', () => {
    const s = (m: BlockMemory): Selected => ({ memory: m, score: 0, relevance: 0 });
    const ordered = orderSelected([s(mem(1, 'fact', 'f new', 300)), s(mem(2, 'project', 'p', 200)), s(mem(3, 'global', 'g new', 250)), s(mem(4, 'global', 'g old', 100)), s(mem(5, 'fact', 'f old', 50))]);
    expect(ordered.map((o) => o.memory.text)).toEqual(['g old', 'g new', 'p', 'f old', 'f new']);
  });

  it('notes two near-identical memories written close together that disagree', () => {
    const v = new Float32Array(VECTOR_DIMS);
    v[0] = 1;
    const a = mem(1, 'fact', 'the API timeout is 30 seconds', 1000);
    const b = mem(2, 'fact', 'the API timeout is 60 seconds', 2000);
    const c = mem(3, 'fact', 'the API timeout is 60 seconds', 2000 + 90 * 86_400_000);
    const vectors = new Map([['1', v], ['2', v], ['3', v]]);
    const of = (m: Map<string, Float32Array>) => (x: BlockMemory) => m.get(x.id);
    expect(findConflicts([a, b], conflictJudge(of(vectors), 0.9))).toEqual([[1, 2]]);
    expect(findConflicts([a, c], conflictJudge(of(vectors), 0.9))).toEqual([]);
    const w = new Float32Array(VECTOR_DIMS);
    w[1] = 1;
    expect(findConflicts([a, b], conflictJudge(of(new Map([['1', v], ['2', w]])), 0.9))).toEqual([]);
  });

  it('reuses a decision kept from an earlier build without reading a vector, and decides again when a memory changes', () => {
    const v = new Float32Array(VECTOR_DIMS);
    v[0] = 1;
    const a = mem(1, 'fact', 'the API timeout is 30 seconds', 1000);
    const b = mem(2, 'fact', 'the API timeout is 60 seconds', 2000);
    const kept = new Map<string, boolean>();
    const memo = { get: (k: string) => kept.get(k), set: (k: string, x: boolean) => void kept.set(k, x) };
    let reads = 0;
    const vectorOf = (): Float32Array => {
      reads++;
      return v;
    };
    expect(findConflicts([a, b], conflictJudge(vectorOf, 0.9, memo))).toEqual([[1, 2]]);
    expect(reads).toBe(2);
    expect([...kept.values()]).toEqual([true]);
    // The next build (a new judge), either order: the kept decision, no vector read.
    expect(findConflicts([b, a], conflictJudge(vectorOf, 0.9, memo))).toEqual([[1, 2]]);
    expect(reads).toBe(2);
    // A memory whose text changed is another pair: decided again, from its vector.
    const edited = { ...b, text: 'the API timeout is 30 seconds' };
    expect(findConflicts([a, edited], conflictJudge(vectorOf, 0.9, memo))).toEqual([]);
    expect(reads).toBe(4);
    expect(kept.size).toBe(2);
  });

  it('decides a pair written weeks apart without the memo or a vector, unless both are current values', () => {
    const a = mem(1, 'fact', 'the API timeout is 30 seconds', 1000);
    const b = mem(2, 'fact', 'the API timeout is 60 seconds', 1000 + 30 * 86_400_000);
    const asked: string[] = [];
    const memo = { get: (k: string) => void asked.push(k), set: () => undefined };
    let reads = 0;
    const vectorOf = (): undefined => void reads++;
    expect(findConflicts([a, b], conflictJudge(vectorOf, 0.9, memo))).toEqual([]);
    expect([asked.length, reads]).toEqual([0, 0]);
    // Two current values of one subject may conflict however far apart: asked as before.
    const value = (id: number, subject: string, v: string, at: number): BlockMemory =>
      mem(id, 'fact', `The ${subject} is ${v}.`, at, { subjectKey: subject.split(' ').sort().join(' '), subject, value: v });
    const values = [value(3, 'port', '8080', 1000), value(4, 'preview server port', '3001', 1000 + 80 * 86_400_000)];
    expect(findConflicts(values, conflictJudge(vectorOf, 0.9, memo))).toEqual([[1, 2]]);
    expect(asked).toHaveLength(1);
  });

  it('looks each vector up once across renders, and agrees with the definition on any subset', () => {
    const DAY = 86_400_000;
    const texts = ['the API timeout is 30 seconds', 'the API timeout is 60 seconds', '超时时间是 30 秒', '超时时间是 60 秒', 'use pnpm'];
    const memory = fc.record({ type: fc.constantFrom('global', 'project', 'fact'), text: fc.constantFrom(...texts), day: fc.integer({ min: 0, max: 40 }), axis: fc.integer({ min: 0, max: 2 }), tilt: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(fc.array(memory, { maxLength: 12 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (specs, keep) => {
        const ms = specs.map((x, i) => mem(i + 1, x.type as BlockMemory['type'], x.text, x.day * DAY));
        const vec = new Map(specs.map((x, i) => {
          const v = new Float32Array(VECTOR_DIMS);
          v[x.axis] = 1;
          v[3] = x.tilt / 4;
          return [ms[i]?.id ?? '', v];
        }));
        let lookups = 0;
        const judge = conflictJudge((m) => (lookups++, vec.get(m.id)), 0.9);
        // The definition, pair by pair, with nothing kept.
        const expected = (list: BlockMemory[]): Array<[number, number]> => {
          const out: Array<[number, number]> = [];
          list.forEach((a, i) => list.forEach((b, j) => {
            if (j <= i || a.type === 'global' || b.type === 'global' || Math.abs(a.createdAt - b.createdAt) > 14 * DAY) return;
            const ta = tokenSet(a.text);
            const tb = tokenSet(b.text);
            const differ = [...ta].some((t) => !tb.has(t)) || [...tb].some((t) => !ta.has(t));
            if (cosine(vec.get(a.id) ?? new Float32Array(0), vec.get(b.id) ?? new Float32Array(0)) > 0.9 && differ) out.push([i + 1, j + 1]);
          }));
          return out;
        };
        const subset = ms.filter((_, i) => keep[i]);
        expect(findConflicts(ms, judge)).toEqual(expected(ms));
        expect(findConflicts(subset, judge)).toEqual(expected(subset));
        expect(findConflicts(ms, judge)).toEqual(expected(ms));
        expect(lookups).toBeLessThanOrEqual(ms.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe('selection', () => {
  it('takes every global and project candidate, and facts over the threshold up to top_k', () => {
    const g = mem(1, 'global', 'I prefer answers in Chinese, code comments in English', 1);
    const p = mem(2, 'project', 'The test command for this repo is pytest -q', 2);
    const facts = [0.9, 0.8, 0.7, 0.6, 0.5, 0.45, 0.3].map((score, i) => ({ memory: mem(10 + i, 'fact', `fact ${i}`, 10 + i), score }));
    const picked = selectMemories({ globals: [g], projects: [p], facts }, { ...OPTIONS, topK: 5, retrievalThreshold: 0.4 });
    expect(picked.map((x) => x.memory.id)).toEqual(['g1', '2', '10', '11', '12', '13', '14']);
    const low = selectMemories({ globals: [], projects: [], facts }, { ...OPTIONS, topK: 10, retrievalThreshold: 0.4 });
    expect(low.map((x) => x.score)).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.45]);
  });

  it('hands over no session summary as a fact, in either language', () => {
    const facts = [
      { memory: mem(20, 'fact', 'bash session: npm test; vim src/cart.js; touched test/cart.test.js', 20), score: 0.95 },
      { memory: mem(21, 'fact', 'claude 会话：修复登录；涉及 src/auth.ts', 21), score: 0.9 },
      { memory: mem(22, 'fact', 'The flaky cart test was caused by a shared temp dir', 22), score: 0.8 },
    ];
    expect(selectMemories({ globals: [], projects: [], facts }, OPTIONS).map((x) => x.memory.id)).toEqual(['22']);
  });

  it('ranks globals over project memories over facts, and dates old memories', () => {
    const old = mem(3, 'project', 'The build runs with make all', Date.now() - 40 * 86_400_000);
    const picked = selectMemories({ globals: [mem(1, 'global', 'g', 1)], projects: [old], facts: [{ memory: mem(4, 'fact', 'f', 4), score: 0.99 }] }, OPTIONS);
    const rel = Object.fromEntries(picked.map((x) => [x.memory.id, x.relevance]));
    expect(rel['g1']).toBeGreaterThan(rel['3'] ?? 0);
    expect(rel['3']).toBeGreaterThan(rel['4'] ?? 0);
    expect(picked.find((x) => x.memory.id === '3')?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('builds a block within budget, in the language of the memories, without any store', async () => {
    const notes = [
      '订单服务的接口名统一用 camelCase，错误码以 E100 开头，所有金额字段用分为单位的整数',
      '支付回调必须先校验签名再解析报文，签名密钥放在 vault 的 payments 路径下面',
      '数据库迁移先在 staging 环境跑一遍，确认没有锁表之后再上生产，周五下午不发布',
      '前端组件库升级到第三版以后，按钮组件的尺寸属性改名为 size，旧的写法会报警告',
      '日志统一使用 JSON 格式，时间戳用 ISO 8601，每条错误日志都要带上 trace_id 字段',
      '缓存键必须带版本号前缀，上次线上事故的根本原因就是不同版本共用了同一个键',
      '测试命令是 pnpm test，端到端测试用 playwright，需要先启动本地的 mock 服务器',
      '图片上传走对象存储的预签名地址，文件大小上限是二十兆，超过就在前端直接拒绝',
      '定时任务统一用 cron 表达式配置在 jobs 目录里，每个任务都要写清楚负责人和超时时间',
      '搜索服务的索引每晚两点全量重建一次，白天只做增量更新，重建期间读旧的别名',
    ];
    const count = await loadTokenCounter();
    const asked: string[] = [];
    const block = buildBlock(
      { globals: [], projects: notes.map((t, i) => mem(i + 1, 'project', t, i)), facts: [] },
      (m) => {
        asked.push(m.id);
        return undefined;
      },
      { ...OPTIONS, budget: 300 },
      count,
    );
    expect(block.tokens).toBe(count(block.text));
    expect(block.tokens).toBeLessThanOrEqual(300);
    expect(block.dropped).toBeGreaterThan(0);
    expect(block.language).toBe('zh');
    expect(block.text).toContain('[项目]');
    // Vectors are asked for only of memories being rendered, once each.
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.length).toBeLessThanOrEqual(notes.length);
  });

  it('adds the conflict note for two close, disagreeing memories it renders', async () => {
    const v = new Float32Array(VECTOR_DIMS);
    v[0] = 1;
    const count = await loadTokenCounter();
    const block = buildBlock(
      { globals: [], projects: [], facts: [{ memory: mem(1, 'fact', 'the API timeout is 30 seconds', 1000), score: 0.9 }, { memory: mem(2, 'fact', 'the API timeout is 60 seconds', 2000), score: 0.8 }] },
      () => v,
      OPTIONS,
      count,
    );
    expect(block.text).toContain('memories 1 and 2 disagree');
    expect(buildBlock({ globals: [], projects: [], facts: [] }, () => v, OPTIONS, count).text).toBe('');
  });
});

describe('adapters', () => {
  it('are chosen by basename, user entries first', () => {
    expect(chooseAdapter('claude', [], []).args).toEqual(['--append-system-prompt', '{block}']);
    expect(chooseAdapter('claude', [{ match: 'claude', method: 'env', args: [] }], []).method).toBe('env');
    expect(chooseAdapter('unknown-cli', [], []).method).toBe('env');
    expect(chooseAdapter('gemini', [], ['-p', 'hi']).method).toBe('env');
  });
  it("never override the user's own flag or setting", () => {
    expect(chooseAdapter('claude', [], ['--append-system-prompt', 'be terse']).method).toBe('env');
    expect(chooseAdapter('claude', [], ['--resume']).method).toBe('arg');
    expect(chooseAdapter('codex', [], ['-c', 'developer_instructions="mine"']).method).toBe('env');
    expect(chooseAdapter('codex', [], ['-c', 'model="o3"']).method).toBe('arg');
    expect(chooseAdapter('aider', [], ['--read', 'CONVENTIONS.md']).method).toBe('file-arg');
  });

  it('fill templates: block, TOML string, file', () => {
    const block = 'line "one"\nline two';
    expect(planAdapter(chooseAdapter('codex', [], []), block, '/tmp/f').args).toEqual(['-c', `developer_instructions=${JSON.stringify(block)}`]);
    expect(planAdapter(chooseAdapter('aider', [], []), block, '/tmp/f')).toMatchObject({ args: ['--read', '/tmp/f'], needsFile: true });
    expect(planAdapter({ match: 'x', method: 'stdin', args: [] }, block, undefined).firstInput).toBe(block);
    expect(planAdapter(chooseAdapter('mycli', [], []), block, '/tmp/f').env).toEqual({ CLAUDE_MEM_CONTEXT: block, CLAUDE_MEM_CONTEXT_FILE: '/tmp/f' });
  });
});

describe('launch query', () => {
  it('uses the prompt, directory, branch, commits and last summary', () => {
    const q = buildLaunchQuery({ dirName: 'shop', branch: 'feature/orders-index', commitSubjects: ['add index'], lastSummary: 'worked on orders', prompt: 'fix the migration' });
    expect(q.split('\n')).toEqual(['fix the migration', 'shop', 'feature orders index', 'add index', 'worked on orders']);
    expect(promptFromArgs(['--model', 'opus', 'fix the failing test'])).toBe('fix the failing test');
    expect(promptFromArgs(['--resume'])).toBeUndefined();
  });
});

describe('merged restatements in the block', () => {
  it('shows the newest supplement line whole, so a merge is never invisible', () => {
    expect(formatLine({ type: 'project', text: 'tests: pytest -q', supplement: 'old restatement\nrun the tests with pytest -q -x' }, 'en', 1)).toBe(
      '1. [project] tests: pytest -q (also: run the tests with pytest -q -x)',
    );
    expect(formatLine({ type: 'fact', text: '日志用 JSON', supplement: '日志统一 JSON 格式' }, 'zh', 2)).toBe('2. [事实] 日志用 JSON （另述：日志统一 JSON 格式）');
    expect(formatLine({ type: 'fact', text: 'no merges', supplement: '' }, 'en', 3)).toBe('3. [fact] no merges');
  });
});
