import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { makeSandbox, CLI } from '../helpers/sandbox.js';
import { cm } from '../helpers/cli.js';
import { PROJECT_TEXTS as TEXTS } from '../helpers/project-texts.js';


// A store with its index starts a query server (query-server/): it ends when its socket goes with the sandbox.
const homes: string[] = [];
afterAll(() => homes.splice(0).forEach((h) => rmSync(h, { recursive: true, force: true })));

function seeded(name: string, minVectors: number): { cwd: string; env: NodeJS.ProcessEnv; db: string } {
  const sb = makeSandbox(name);
  homes.push(sb.home);
  const env = { ...sb.env, CLAUDE_MEM_STORE_ANN_MIN_VECTORS: String(minVectors) };
  for (const t of TEXTS) expect(cm(['-q', 'remember', t], { cwd: sb.project, env }).status).toBe(0);
  return { cwd: sb.project, env, db: join(sb.project, '.claude-mem', 'mem.db') };
}

const topIds = (o: { cwd: string; env: NodeJS.ProcessEnv }, q: string): string[] =>
  (JSON.parse(cm(['query', q, '--json'], o).stdout) as Array<{ id: string }>).map((h) => h.id);

describe('claude-mem index: the approximate vector index of a large store', () => {
  it('is due past store.ann_min_vectors, built by the command, shown by status, and answers like exact search', () => {
    const o = seeded('cm-ann', 10);
    const before = cm(['status'], o).stdout;
    expect(before).toMatch(/project index +exact search for now \(12 vectors\): an approximate index is due/);
    expect(before).toMatch(/user index +exact search \(0 vectors\)/);
    const exact = { zh: topIds(o, '日志格式'), en: topIds(o, 'postgres backups') };

    const built = cm(['index'], o);
    expect(built.status).toBe(0);
    expect(built.stderr).toMatch(/project store: indexed 12 vectors in \d+\.\d s/);
    expect(built.stderr).toContain('user store: no vectors yet');
    expect(existsSync(`${o.db}.ann`)).toBe(true);
    expect(cm(['status'], o).stdout).toMatch(/project index +approximate index of 12 vectors \(12 now\)/);
    expect(JSON.parse(cm(['status', '--json'], o).stdout).vector_indexes).toEqual([
      expect.objectContaining({ scope: 'user', state: 'exact', vectors: 0 }),
      expect.objectContaining({ scope: 'project', state: 'fresh', vectors: 12, indexed: 12 }),
    ]);
    expect(topIds(o, '日志格式')).toEqual(exact.zh);
    expect(topIds(o, 'postgres backups')).toEqual(exact.en);

    // Written after the build: found at once (scanned exactly until the next build).
    cm(['-q', 'remember', 'The kubernetes helm charts live in infra/charts'], o);
    expect(JSON.parse(cm(['query', 'helm charts', '--json'], o).stdout)[0].text).toContain('infra/charts');
    // Nothing to do now: it says so and exits 0.
    expect(cm(['index'], o).stderr).toContain('project store: index up to date');
  });

  it('is only a cache: a damaged index file changes no answer, and the next build replaces it', () => {
    const o = seeded('cm-ann-bad', 10);
    const exact = topIds(o, 'webhooks signing secret');
    cm(['-q', 'index'], o);
    writeFileSync(`${o.db}.ann`, 'garbage');
    writeFileSync(`${o.db}.ann.json`, readFileSync(`${o.db}.ann.json`, 'utf8'));
    const r = cm(['query', 'webhooks signing secret', '--json'], o);
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ id: string }>).map((h) => h.id)).toEqual(exact);
    expect(cm(['index', '--force'], o).stderr).toMatch(/project store: indexed 12 vectors/);
  });

  it('stays off at 0, and a small store is left exact unless forced', () => {
    const off = seeded('cm-ann-off', 0);
    expect(cm(['index'], off).stderr).toContain('turned off (store.ann_min_vectors is 0)');
    expect(cm(['status'], off).stdout).toMatch(/project index +exact search \(12 vectors\)/);
    const small = seeded('cm-ann-small', 1000);
    expect(cm(['index'], small).stderr).toMatch(/12 vectors, under store.ann_min_vectors \(1000\)/);
    expect(existsSync(`${small.db}.ann`)).toBe(false);
  });

  it('is built in the background when the MCP server opens a store that is due', async () => {
    const o = seeded('cm-ann-mcp', 10);
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd: o.cwd, env: o.env as Record<string, string>, stderr: 'pipe' });
    const client = new Client({ name: 'claude-mem-test', version: '0' });
    await client.connect(transport);
    try {
      const r = (await client.callTool({ name: 'search', arguments: { query: 'rate limiter' } })) as { content: Array<{ text: string }> };
      expect(r.content[0]?.text).toContain('rate limiter');
      const deadline = Date.now() + 20_000;
      while (!existsSync(`${o.db}.ann.json`) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
      expect(existsSync(`${o.db}.ann.json`)).toBe(true);
      // The running server picks the new index up and still answers.
      const again = (await client.callTool({ name: 'search', arguments: { query: 'rate limiter' } })) as { content: Array<{ text: string }> };
      expect(again.content[0]?.text).toContain('rate limiter');
    } finally {
      await client.close();
    }
  });
});
