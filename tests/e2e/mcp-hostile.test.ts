import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { makeSandbox, CLI } from '../helpers/sandbox.js';

interface Reply {
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string };
}

describe('claude-mem mcp against hostile input', () => {
  it('answers every bad request that has an id, survives a line over 10 MB, and takes 1,000 pipelined calls without a warning', { timeout: 60_000 }, async () => {
    const sb = makeSandbox('cm-mcp-hostile');
    const child = spawn(process.execPath, [CLI, 'mcp'], { cwd: sb.project, env: sb.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // Only whole lines: a reply can arrive in several chunks, and the last piece may still be cut.
    const replies = (): Reply[] => out.slice(0, out.lastIndexOf('\n') + 1).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Reply);
    const waitFor = async (ok: (r: Reply[]) => boolean): Promise<Reply[]> => {
      for (let i = 0; i < 400; i++) {
        if (ok(replies())) return replies();
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no reply; got ${out.slice(-500)}; stderr ${err}`);
    };
    const send = (o: unknown): boolean => child.stdin.write(`${typeof o === 'string' ? o : JSON.stringify(o)}\n`);

    send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } });
    await waitFor((r) => r.some((x) => x.id === 0));
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // Over 10 MB on one line: an error carrying the id the client waits on (from the line's start, or its end), and the server stays up.
    child.stdin.write(`{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"remember","arguments":{"text":"${'x'.repeat(11 * 1024 * 1024)}"}}}\n`);
    child.stdin.write(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"remember","arguments":{"text":"${'y'.repeat(5 * 1024 * 1024)}","id":"inner"}},"id":"big-last"}\n`);
    send({ jsonrpc: '2.0', id: 'num-method', method: 5 });
    send({ jsonrpc: '1.0', id: 'old', method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 'str-params', method: 'tools/list', params: 'all' });
    send([{ jsonrpc: '2.0', id: 'b1', method: 'tools/list' }]);
    send('{not json');
    send({ jsonrpc: '2.0', id: 'after', method: 'tools/list' });
    const got = await waitFor((r) => r.some((x) => x.id === 'after'));
    const byId = (id: string | null): Reply | undefined => got.find((x) => x.id === id);
    for (const id of ['num-method', 'old', 'str-params']) expect(byId(id)?.error?.code, id).toBe(-32600);
    expect(got.filter((x) => x.id === null && x.error).length).toBeGreaterThanOrEqual(2);
    expect(byId('big')?.error?.message).toContain('MB');
    expect(byId('big-last')?.error?.message).toContain('MB');
    expect(byId('after')?.result).toBeDefined();

    for (let i = 0; i < 1000; i++) send({ jsonrpc: '2.0', id: `p${i}`, method: 'tools/list' });
    await waitFor((r) => r.some((x) => x.id === 'p999'));
    expect(new Set(replies().filter((x) => String(x.id).startsWith('p')).map((x) => x.id)).size).toBe(1000);
    expect(err).not.toMatch(/MaxListenersExceededWarning/);
    child.stdin.end();
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(0);
  });

  it('answers every request piped from a file before exiting when its input ends', async () => {
    const sb = makeSandbox('cm-mcp-pipe');
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'remember', arguments: { text: 'The staging database is reset every Monday at 06:00 UTC' } } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search', arguments: { query: 'staging database reset' } } },
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'search', arguments: { query: 'Monday' } } },
      { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'get', arguments: { ids: ['1'] } } },
    ];
    const r = spawnSync(process.execPath, [CLI, 'mcp'], { cwd: sb.project, env: sb.env, input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n', encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    const ids = r.stdout.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as Reply).id);
    expect(ids.sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
