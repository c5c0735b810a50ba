import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { dropSandbox, makeSandbox } from '../helpers/sandbox.js';
import { cm } from '../helpers/cli.js';
import { PROJECT_TEXTS } from '../helpers/project-texts.js';

// Two Postgres memories: one to forget, one still found after.
const TEXTS = [...PROJECT_TEXTS, 'Postgres restores are rehearsed on the first Monday of each month'];

const BY_SERVER = '(by the query server)';

async function until<T>(what: string, f: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const serverPids = (socket: string): number[] =>
  spawnSync('pgrep', ['-f', `query-server --socket ${socket}`], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);

describe('the query server', () => {
  it('answers the queries after the first one of a large store as the query process would, sees every change, and ends with its socket', async () => {
    const sb = makeSandbox('cm-qserver');
    // A store past store.ann_min_vectors, with its vector index: where a query server pays.
    const o = { cwd: sb.project, env: { ...sb.env, CLAUDE_MEM_STORE_ANN_MIN_VECTORS: '10' } };
    for (const t of TEXTS) expect(cm(['-q', 'remember', t], o).status).toBe(0);
    expect(cm(['-q', 'index'], o).status).toBe(0);
    const run = join(sb.home, 'data', 'run');

    const cold = cm(['query', 'postgres backups', '--limit', '3'], o);
    expect(cold.status).toBe(0);
    expect(cold.stderr).not.toContain(BY_SERVER);
    const socket = join(run, await until('the server socket', () => (existsSync(run) ? readdirSync(run).find((f) => f.startsWith('query-') && f.endsWith('.sock')) : undefined)));

    const warm = cm(['query', 'postgres backups', '--limit', '3'], o);
    expect(warm.stderr).toContain(BY_SERVER);
    expect(warm.status).toBe(0);
    expect(warm.stdout).toBe(cold.stdout);
    expect(JSON.parse(cm(['query', '日志格式', '--json'], o).stdout)[0].text).toContain('snake_case');
    // Bad usage is answered as the process would: the same message and exit status.
    const bad = cm(['query', 'x', '--limit', 'many'], o);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--limit many: expected a positive whole number');

    // Changes by other processes are seen at once: a new memory, a forgotten one.
    expect(cm(['-q', 'remember', 'The kubernetes helm charts live in infra/charts'], o).status).toBe(0);
    const helm = cm(['query', 'helm charts', '--json'], o);
    expect(JSON.parse(helm.stdout)[0].text).toContain('infra/charts');
    const top = JSON.parse(cm(['query', 'postgres backups', '--json'], o).stdout)[0] as { id: string; text: string };
    expect(cm(['-q', 'forget', top.id], o).status).toBe(0);
    const after = cm(['query', 'postgres backups'], o);
    expect(after.stderr).toContain(BY_SERVER);
    expect(after.stdout).toContain('Postgres');
    expect(after.stdout).not.toContain(`(id ${top.id})`);

    // Another environment is not this server's: its query runs in its own process.
    const other = cm(['query', 'postgres backups'], { ...o, env: { ...o.env, CLAUDE_MEM_RETRIEVAL_TOP_K: '3' } });
    expect(other.status).toBe(0);
    expect(other.stderr).not.toContain(BY_SERVER);

    // Its socket removed (the data folder deleted, say): it exits.
    expect(serverPids(socket).length).toBeGreaterThan(0);
    rmSync(socket);
    await until('the server to exit', () => (serverPids(socket).length === 0 ? true : undefined));
    dropSandbox(sb.home);
  });

  it('is not started for a small store, nor when retrieval.query_server is off', () => {
    const sb = makeSandbox('cm-qserver-small');
    const o = { cwd: sb.project, env: sb.env };
    for (const t of TEXTS.slice(0, 3)) expect(cm(['-q', 'remember', t], o).status).toBe(0);
    expect(cm(['query', 'postgres'], o).status).toBe(0);
    const off = { cwd: sb.project, env: { ...sb.env, CLAUDE_MEM_STORE_ANN_MIN_VECTORS: '2', CLAUDE_MEM_RETRIEVAL_QUERY_SERVER: 'false' } };
    expect(cm(['-q', 'index'], off).status).toBe(0);
    expect(cm(['query', 'postgres'], off).status).toBe(0);
    const run = join(sb.home, 'data', 'run');
    expect(existsSync(run) ? readdirSync(run).filter((f) => f.startsWith('query-')) : []).toEqual([]);
    dropSandbox(sb.home);
  });
});
