import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { makeSandbox } from '../helpers/sandbox.js';
import { startUiServer } from '../helpers/ui-server.js';
import { cm } from '../helpers/cli.js';

const sb = makeSandbox('cm-ui-api');
const o = { cwd: sb.project, env: sb.env };
let server: ChildProcess;
let base = '';
let token = '';

beforeAll(async () => {
  expect(cm(['-q', 'remember', 'The staging deploy runs from the release branch only'], o).status).toBe(0);
  ({ server, base, token } = await startUiServer(o));
});

afterAll(() => server?.kill('SIGTERM'));

const get = (path: string) => fetch(`${base}api/${path}`, { headers: { 'x-claude-mem-token': token } });
const post = (path: string, body: string) => fetch(`${base}api/${path}`, { method: 'POST', body, headers: { 'x-claude-mem-token': token, 'content-type': 'application/json' } });
const error = async (r: Response) => ((await r.json()) as { error: string }).error;

describe('the viewer API: bad input gets a clear error, and the server goes on', () => {
  it('refuses bad searches with a message saying what to send', async () => {
    let r = await get(`search?q=${'x'.repeat(3000)}`);
    expect(r.status).toBe(400);
    expect(await error(r)).toMatch(/at most 2000/);
    r = await get('search?q=deploy&type=nonsense');
    expect(await error(r)).toContain('global, project or fact');
    r = await get('search?q=deploy&since=yesterdayish');
    expect(await error(r)).toContain('dates like 2026-12-01');
    // Odd characters are words, not FTS syntax.
    r = await get(`search?q=${encodeURIComponent('"deploy* AND (NEAR OR -- ; DROP')}`);
    expect(r.status).toBe(200);
  });

  it('answers HEAD as it answers GET, without a body (curl -I)', async () => {
    const head = await fetch(`${base}?token=${token}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
    expect(await head.text()).toBe('');
  });

  it('answers unknown ids, routes and actions with 404, bad bodies with 400', async () => {
    expect(await error(await get('memory/999'))).toContain('no memory with id 999');
    expect((await get('nothing-here')).status).toBe(404);
    const broken = await get('memory/%E0%A4%A');
    expect(broken.status).toBe(400);
    expect(await error(broken)).toContain('%-escape');
    expect(await error(await post('memory/1/explode', '{}'))).toContain('no such action');
    expect(await error(await post('memory/1/edit', 'not json'))).toContain('not JSON');
    expect(await error(await post('memory/1/edit', '{"text": ""}'))).toContain('not empty');
    expect(await error(await post('memory/1/type', '{"type": "weird"}'))).toContain('global');
    const huge = await post('memory/1/edit', JSON.stringify({ text: 'x'.repeat(300 * 1024) })).catch(() => undefined);
    if (huge) expect(huge.status).toBe(400);
    expect(await error(await get('memory/1/cast'))).toContain('no terminal recording');
    expect(await error(await get('said/999999'))).toContain('nothing said with id 999999');
    expect((await get('said/not-a-number')).status).toBe(404);
    expect((await post('said/1', '{}')).status).toBe(404);
    // Still serving, and nothing was changed.
    const ok = (await (await get('memory/1')).json()) as { memory: { text: string } };
    expect(ok.memory.text).toContain('release branch');
  });

  it('says in one line when the port is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as { port: number }).port;
    const r = cm(['ui', '--no-open', '--port', String(port)], o);
    blocker.close();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`port ${port} is in use: pick another with --port`);
    expect(cm(['ui', '--port', 'abc'], o).status).toBe(2);
  });
});
