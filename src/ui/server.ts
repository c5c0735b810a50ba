/**
 * `claude-mem ui`: a small HTTP server on 127.0.0.1 (node:http: four JSON
 * routes and a few static files need no framework) serving one page of
 * plain DOM code and the asciinema player from the registry.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DirectoryMemory } from '../memory/index.js';
import { handleApi } from './api.js';
import { authorize, newToken, TOKEN_HEADER } from './auth.js';

const UI_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'ui');
const require = createRequire(import.meta.url);

/** What the page may load and run: only this server's own files; memory text can never become script. */
const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STATIC: Record<string, { file: () => string; type: string }> = {
  '/app.js': { file: () => join(UI_DIR, 'app.js'), type: 'text/javascript; charset=utf-8' },
  '/app.css': { file: () => join(UI_DIR, 'app.css'), type: 'text/css; charset=utf-8' },
  '/player.js': { file: () => require.resolve('asciinema-player/dist/bundle/asciinema-player.min.js'), type: 'text/javascript; charset=utf-8' },
  '/player.css': { file: () => require.resolve('asciinema-player/dist/bundle/asciinema-player.css'), type: 'text/css; charset=utf-8' },
};

const MAX_BODY = 256 * 1024;

export interface UiServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'content-security-policy': CSP });
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, json: unknown): void => send(res, status, 'application/json; charset=utf-8', JSON.stringify(json));

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('request body over 256 KB'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as unknown) : {});
      } catch {
        reject(new Error('the request body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

export function startUi(memory: DirectoryMemory, o: { port?: number; onError?: (err: unknown) => void } = {}): Promise<UiServer> {
  const token = newToken();
  let port = 0;
  const server = createServer((req, res) => {
    void route(req, res).catch((err: unknown) => {
      o.onError?.(err);
      if (!res.headersSent) sendJson(res, 500, { error: err instanceof Error ? err.message : String(err) });
      else res.end();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    // HEAD is a GET whose body Node leaves out (curl -I, link checkers).
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const asset = STATIC[url.pathname];
    if (asset && method === 'GET') {
      res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      createReadStream(asset.file()).pipe(res);
      return;
    }
    const verdict = authorize(
      {
        method,
        host: req.headers.host,
        headerToken: req.headers[TOKEN_HEADER] as string | undefined,
        queryToken: url.searchParams.get('token') ?? undefined,
        fetchSite: req.headers['sec-fetch-site'] as string | undefined,
      },
      port,
      token,
    );
    if (!verdict.ok) {
      if (url.pathname.startsWith('/api/')) sendJson(res, verdict.status, { error: verdict.why });
      else send(res, verdict.status, 'text/plain; charset=utf-8', `claude-mem ui: ${verdict.why}\n`);
      return;
    }
    if (url.pathname === '/' && method === 'GET') {
      send(res, 200, 'text/html; charset=utf-8', readFileSync(join(UI_DIR, 'index.html')));
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      let body: unknown = {};
      if (method === 'POST') {
        try {
          body = await readBody(req);
        } catch (err) {
          sendJson(res, 400, { error: err instanceof Error ? err.message : String(err) });
          return;
        }
      }
      const r = await handleApi(memory, { method, path: url.pathname, query: url.searchParams, body });
      if ('file' in r) {
        res.writeHead(200, { 'content-type': r.type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
        createReadStream(r.file).pipe(res);
      } else sendJson(res, r.status, r.json);
      return;
    }
    send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}/?token=${token}`,
        port,
        token,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
