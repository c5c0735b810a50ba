import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { makeSandbox } from '../helpers/sandbox.js';
import { cmAsync } from '../helpers/cli.js';
import { writeTinyModel } from '../helpers/tiny-model.js';

/**
 * `model pull` against a stand-in hub on 127.0.0.1 (HF_ENDPOINT), serving a
 * model the test writes: the listing API and the resolve URLs, as the hub
 * does. The hub itself cannot be reached from this machine.
 */
interface Hub {
  endpoint: string;
  close: () => Promise<void>;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

async function startHub(id: string, o: { damage?: string; drop?: string } = {}): Promise<Hub> {
  const src = mkdtempSync(join(tmpdir(), 'cm-hub-'));
  const { dir } = writeTinyModel(src, id);
  const files = new Map(walk(dir).map((f) => [relative(dir, f), readFileSync(f)]));
  const listing = [...files]
    .filter(([path]) => path !== o.drop)
    .map(([path, data]) =>
      path.endsWith('.onnx')
        ? { type: 'file', path, size: data.length, oid: 'x', lfs: { oid: createHash('sha256').update(data).digest('hex'), size: data.length } }
        : { type: 'file', path, size: data.length, oid: createHash('sha1').update(`blob ${data.length}\0`).update(data).digest('hex') },
    );
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith(`/api/models/${id}/tree/main`)) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(listing));
      return;
    }
    const prefix = `/${id}/resolve/main/`;
    const data = url.startsWith(prefix) ? files.get(url.slice(prefix.length)) : undefined;
    if (!data) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    const body = Buffer.from(data);
    if (url.endsWith(o.damage ?? '\0')) body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 0xff;
    res.setHeader('content-length', String(body.length));
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { endpoint: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

const hubs: Hub[] = [];
afterAll(async () => {
  for (const h of hubs) await h.close();
});

async function pull(id: string, hubOpts: Parameters<typeof startHub>[1] = {}) {
  const hub = await startHub(id, hubOpts);
  hubs.push(hub);
  const sb = makeSandbox();
  const env = { ...sb.env, HF_ENDPOINT: hub.endpoint };
  const r = await cmAsync(['--set', `store.vector_model=${id}`, 'model', 'pull'], { cwd: sb.project, env });
  const modelDir = join(sb.env['CLAUDE_MEM_DATA_DIR'] as string, 'models', ...id.split('/'));
  const status = await cmAsync(['--set', `store.vector_model=${id}`, 'model', 'status'], { cwd: sb.project, env });
  return { r, modelDir, status: status.stdout };
}

describe('claude-mem model pull (a stand-in hub on 127.0.0.1)', () => {
  it('downloads with progress over all the bytes, checks every file, calibrates the thresholds and uses the model', async () => {
    const { r, modelDir, status } = await pull('tiny/pulled');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/tiny\/pulled is ready in .*calibrated: update [\d.-]+, merge [\d.-]+, retrieval [\d.-]+/);
    // Not a terminal: plain lines at each quarter, with the megabytes so far of the whole model.
    expect(r.stderr).toMatch(/pull tiny\/pulled 100% [\d.]+\/[\d.]+ kB onnx\/model\.onnx/);
    expect(statSync(join(modelDir, 'onnx', 'model.onnx')).size).toBeGreaterThan(1000);
    expect(walk(modelDir).some((f) => f.endsWith('.part'))).toBe(false);
    const calibration = JSON.parse(readFileSync(join(modelDir, 'claude-mem-thresholds.json'), 'utf8')) as { thresholds: { update: number; merge: number }; classes: Record<string, unknown> };
    expect(calibration.thresholds.merge).toBeLessThan(calibration.thresholds.update);
    expect(Object.keys(calibration.classes)).toEqual(['restated', 'paraphrase', 'related', 'unrelated', 'query_relevant', 'query_other_best']);
    expect(status).toContain('model:tiny/pulled');
  });

  it('refuses a damaged download, leaves no model behind and says what to do', async () => {
    const { r, modelDir, status } = await pull('tiny/damaged', { damage: 'model.onnx' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/could not pull tiny\/damaged: onnx\/model\.onnx is damaged: its sha256 is [0-9a-f]+…, the hub lists [0-9a-f]+….*model pull" again/);
    expect(existsSync(join(modelDir, 'onnx', 'model.onnx'))).toBe(false);
    expect(existsSync(join(modelDir, 'onnx', 'model.onnx.part'))).toBe(false);
    expect(status).toMatch(/lexical-v1 — no local model tiny\/damaged/);
  });

  it('names what is missing when the hub has no ONNX weights for the model', async () => {
    const { r } = await pull('tiny/noweights', { drop: join('onnx', 'model.onnx') });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('tiny/noweights has no ONNX weights (onnx/model_quantized.onnx or onnx/model.onnx)');
  });
});
