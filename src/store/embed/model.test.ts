import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTinyModel } from '../../../tests/helpers/tiny-model.js';
import { ModelEmbedder, localModelFile } from './model.js';
import { chooseEmbedder } from './select.js';
import { cosine } from './embedder.js';
import { lexicalVector } from './lexical.js';
import { CachedEmbedder } from './query-cache.js';
import { memoryStore, POLICY } from '../test-helpers.js';
import { ConfigError } from '../../errors.js';
import { rmSync } from 'node:fs';

describe('model embedder, on a model the test writes itself (offline)', () => {
  const modelsDir = mkdtempSync(join(tmpdir(), 'cm-models-'));
  const id = 'test-org/tiny-model';
  writeTinyModel(modelsDir, id);

  it('is found on disk and chosen over the lexical fallback', () => {
    expect(localModelFile(modelsDir, id)?.dtype).toBe('fp32');
    const choice = chooseEmbedder(modelsDir, id);
    expect(choice.embedder.id).toBe(`model:${id}`);
    expect(choice.notice).toBeUndefined();
  });

  it('loads through @huggingface/transformers and gives normalised, mean-pooled 384-d vectors', async () => {
    const e = new ModelEmbedder(modelsDir, id);
    const [a, b, c] = await e.embed(['hello world', 'hello world test', 'orders table index']);
    expect(a?.length).toBe(384);
    const norm = Math.sqrt([...(a ?? [])].reduce((s, x) => s + x * x, 0));
    expect(norm).toBeCloseTo(1, 4);
    expect(cosine(a ?? new Float32Array(), b ?? new Float32Array())).toBeGreaterThan(cosine(a ?? new Float32Array(), c ?? new Float32Array()));
  });

  it('stores and searches with model vectors', async () => {
    const s = memoryStore(new ModelEmbedder(modelsDir, id));
    await s.write({ type: 'project', text: 'the test command is pytest with json log format', dir: '/p', agent: 'a' }, POLICY);
    await s.write({ type: 'fact', text: 'the orders table has an index now and it is fast', dir: '/p', agent: 'a' }, POLICY);
    const hits = await s.search('orders index', { limit: 2 });
    expect(hits[0]?.memory.text).toContain('orders');
    expect(hits[0]?.memory.embedderId).toBe(`model:${id}`);
  });

  it('falls back to lexical vectors, with a notice, when no model is there', () => {
    const choice = chooseEmbedder(modelsDir, 'missing/model', () => true);
    expect(choice.embedder.id).toBe('lexical-v1');
    expect(choice.notice).toMatch(/no local model missing\/model; using built-in lexical vectors/);
    // An install that left the runtime out says so: pulling the model alone would not help.
    expect(chooseEmbedder(modelsDir, 'missing/model', () => false).notice).toMatch(/no model runtime: @huggingface\/transformers \(optional\) was left out when claude-mem was installed/);
    expect(chooseEmbedder(modelsDir, 'missing/model', () => false).notice).toContain('ONNXRUNTIME_NODE_INSTALL=skip npm install -g claude-mem');
    expect(chooseEmbedder(modelsDir, 'lexical').notice).toBeUndefined();
  });

  it('asks whether the runtime is installed only when the fallback notice is read, and once', () => {
    let asked = 0;
    const choice = chooseEmbedder(modelsDir, 'missing/model', () => (asked++, false));
    expect(choice.embedder.id).toBe('lexical-v1');
    expect(asked).toBe(0);
    expect(choice.notice).toMatch(/no model runtime/);
    expect(choice.notice).toMatch(/no model runtime/);
    expect(asked).toBe(1);
  });

  it('falls back to lexical vectors, saying why, when the model is there but its optional runtime is not', () => {
    const choice = chooseEmbedder(modelsDir, id, () => false);
    expect(choice.embedder.id).toBe('lexical-v1');
    expect(choice.notice).toMatch(/is here, but not its runtime \(@huggingface\/transformers/);
    expect(chooseEmbedder(modelsDir, id).embedder.id).toBe(`model:${id}`);
  });
});

describe('model errors the user can fix', () => {
  it('a model of the wrong size is a configuration error that says what to set', async () => {
    const modelsDir = mkdtempSync(join(tmpdir(), 'cm-models-'));
    writeTinyModel(modelsDir, 'test-org/wide', 512);
    const err = await new ModelEmbedder(modelsDir, 'test-org/wide').embed(['hello world']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toMatch(/512-dimensional.*store\.vector_model/);
  });

  it('a model removed after it was chosen is a configuration error naming model pull', async () => {
    const modelsDir = mkdtempSync(join(tmpdir(), 'cm-models-'));
    const { dir } = writeTinyModel(modelsDir, 'test-org/gone');
    const e = new ModelEmbedder(modelsDir, 'test-org/gone');
    rmSync(dir, { recursive: true, force: true });
    const err = await e.embed(['hello world']).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toMatch(/claude-mem model pull/);
  });
});

describe('lexical vectors', () => {
  it('place restatements close and unrelated text far, in both languages', () => {
    const sim = (a: string, b: string): number => cosine(lexicalVector(a), lexicalVector(b));
    expect(sim('日志统一使用 JSON 格式', '日志格式统一为 JSON')).toBeGreaterThan(sim('日志统一使用 JSON 格式', '订单表新增了索引'));
    expect(sim('run the tests with pytest -q', 'tests run with pytest -q')).toBeGreaterThan(sim('run the tests with pytest -q', 'deploy on fridays'));
  });
});

describe('query cache', () => {
  it('embeds a repeated query once', async () => {
    let calls = 0;
    const inner = { id: 'x', dims: 3, thresholds: { update: 1, merge: 1, retrieval: 1 }, embed: (t: string[]) => ((calls += t.length), Promise.resolve(t.map(() => new Float32Array(3)))) };
    const c = new CachedEmbedder(inner);
    await c.embed(['a', 'b']);
    await c.embed(['a', 'b', 'c']);
    expect(calls).toBe(3);
    expect(c.size).toBe(3);
  });

  it('passes an inline embedder through: its vectors cost less than a lookup', async () => {
    let calls = 0;
    const inner = { id: 'x', dims: 3, inline: true, thresholds: { update: 1, merge: 1, retrieval: 1 }, embed: (t: string[]) => ((calls += t.length), Promise.resolve(t.map(() => new Float32Array(3)))) };
    const c = new CachedEmbedder(inner);
    await c.embed(['a']);
    await c.embed(['a']);
    expect(calls).toBe(2);
    expect(c.size).toBe(0);
  });
});
