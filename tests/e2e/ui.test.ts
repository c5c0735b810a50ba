/// <reference lib="dom" />
import { withMemory } from '../../src/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser } from '../helpers/browser.mjs';
import { makeSandbox, CLI, ROOT } from '../helpers/sandbox.js';
import { Tmux } from '../helpers/tmux.js';
import { cm, listJson, poll } from '../helpers/cli.js';
import { startUiServer } from '../helpers/ui-server.js';

// The README's screenshots are taken anew only when asked (CLAUDE_MEM_SCREENSHOTS=1 npm test): a plain test run
// leaves the checkout as it found it, and still takes them, into a temporary folder.
const SHOTS = process.env['CLAUDE_MEM_SCREENSHOTS'] === '1' ? join(ROOT, 'docs', 'screenshots') : mkdtempSync(join(tmpdir(), 'cm-shots-'));
const XSS = 'Never render <img src=x onerror=alert(1)> as markup; the docs link [docs](javascript:alert(2)) stays text';

/** A right-to-left override: shown raw, "invoice_\u202Egnp.exe" reads as "invoice_exe.png". */
const BIDI = 'The attachment handler rejects invoice_\u202Egnp.exe uploads from the mail gateway';

const sb = makeSandbox('cm-ui');
const env = { ...sb.env, PS1: '$ ' };
const o = { cwd: sb.project, env };
const tmux = new Tmux();
let server: ChildProcess;
let url = '';
let browser: Browser;
let page: Page;
const alerts: string[] = [];

beforeAll(async () => {
  // A real session under the wrapper, with a marker: its memory points at a moment of this log.
  tmux.start('bash', `${process.execPath} ${CLI} run -q bash --norc --noprofile`, { cwd: sb.project, env, cols: 90 });
  await tmux.waitFor('bash', (s) => /^\$/m.test(s));
  tmux.type('bash', 'echo replay-check-$((6*7))');
  tmux.keys('bash', 'Enter');
  await tmux.waitFor('bash', (s) => s.includes('replay-check-42'));
  tmux.type('bash', '!记得 the release script is scripts/ship.sh, run it from the repo root');
  tmux.keys('bash', 'Enter');
  // Later output, after the moment: the replay pauses before it.
  await new Promise((r) => setTimeout(r, 1500));
  tmux.type('bash', 'echo after-the-moment');
  tmux.keys('bash', 'Enter');
  await tmux.waitFor('bash', (s) => /^after-the-moment/m.test(s));
  tmux.type('bash', 'exit');
  tmux.keys('bash', 'Enter');
  expect(await tmux.exitStatus('bash')).toBe(0);
  await poll(() => listJson(o), (ms) => ms.some((m) => m.text.includes('scripts/ship.sh')));
  for (const text of ['日志统一使用 JSON 格式，字段名用 snake_case', 'The orders table has an index on create_time since the last migration', XSS, BIDI]) {
    expect(cm(['-q', 'remember', '--type', 'project', text], o).status).toBe(0);
  }
  // One the distiller left, which no person reviewed yet (what the user types is reviewed as it is written).
  await withMemory(o, (m) => m.write([{ type: 'fact', text: 'The CI cache is keyed on the lockfile hash and the Node version', dir: m.paths.projectRoot, agent: 'bash', sessionId: null, source: null }]));
  ({ server, url } = await startUiServer(o));
  // A loaded two-core machine has taken over puppeteer's default 30 s to start chromium.
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 800 });
  page.on('console', (m) => {
    if (m.type() === 'error') console.error(`[page] ${m.text()}`);
  });
  page.on('dialog', (d) => {
    if (d.type() === 'alert') alerts.push(d.message());
    void d.accept();
  });
  mkdirSync(SHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  tmux.kill();
});

async function search(q: string): Promise<string[]> {
  await page.goto(`${url}#/?q=${encodeURIComponent(q)}`);
  await page.waitForFunction(() => document.getElementById('search-info')?.textContent?.includes('·'));
  return page.$$eval('#hits li .hit-text', (xs) => xs.map((x) => x.textContent ?? ''));
}

describe('claude-mem ui, in a real browser (headless chromium)', () => {
  it('answers only with the token, only as 127.0.0.1', async () => {
    const base = url.replace(/\?token=.*/, '');
    expect((await fetch(base)).status).toBe(403);
    expect((await fetch(`${base}api/search?q=x`)).status).toBe(403);
    const token = url.replace(/.*token=/, '');
    expect((await fetch(`${base}api/memory/1/forget`, { method: 'POST', headers: { 'x-claude-mem-token': 'wrong' } })).status).toBe(403);
    // A write carrying the token only in the URL (what a cross-site form could do) is refused.
    expect((await fetch(`${base}api/memory/1/forget?token=${token}`, { method: 'POST' })).status).toBe(403);
    const r = await fetch(`${base}api/search?q=x`, { headers: { 'x-claude-mem-token': token } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('finds memories by a Chinese and an English word, with the same hybrid search as the CLI', async () => {
    expect((await search('日志格式'))[0]).toContain('日志统一使用 JSON 格式');
    const en = await search('orders index');
    expect(en[0]).toContain('orders table');
    await page.screenshot({ path: join(SHOTS, 'viewer-search.png') });
  });

  it('opens a memory and replays its session at that moment', async () => {
    const hits = await search('release script');
    expect(hits[0]).toContain('scripts/ship.sh');
    await page.click('#hits li');
    await page.waitForSelector('#memory-text');
    expect(await page.$eval('#memory-text', (e) => e.textContent)).toContain('scripts/ship.sh');
    // The player draws the terminal as it was just before the marker: the echo's output is on it.
    await page.waitForFunction(() => document.querySelector('#player')?.textContent?.includes('replay-check-42'), { timeout: 15_000 });
    // It stops at the memory's moment: what came later is not drawn yet.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await page.$eval('#player', (e) => e.textContent ?? '')).not.toMatch(/^after-the-moment/m);
    expect(await page.$eval('#player', (e) => e.textContent ?? '')).not.toContain('after-the-moment\n');
    await page.screenshot({ path: join(SHOTS, 'viewer-memory.png') });
  });

  it('finds what was said, marked as such, and opens it at its moment in the replay', async () => {
    await page.goto(`${url}#/?q=${encodeURIComponent('replay-check')}`);
    await page.waitForFunction(() => document.getElementById('search-info')?.textContent?.includes('·'));
    expect(await page.$eval('#search-info', (e) => e.textContent ?? '')).toMatch(/passages? of what was said/);
    const said = await page.$$eval('#hits li.said', (xs) => xs.map((x) => x.textContent ?? ''));
    expect(said.join('\n')).toContain('replay-check');
    expect(said[0]).toMatch(/^said · screen/);
    await page.click('#hits li.said');
    await page.waitForSelector('#said-text');
    expect(await page.$eval('#said-text', (e) => e.textContent)).toContain('replay-check');
    expect(await page.$$eval('#said-timeline li', (xs) => xs.length)).toBeGreaterThan(0);
    await page.waitForFunction(() => document.querySelector('#player')?.textContent?.includes('replay-check-42'), { timeout: 15_000 });
  });

  it('edits a memory, and the next context carries the correction', async () => {
    await search('release script');
    await page.click('#hits li');
    await page.waitForSelector('#edit');
    await page.click('#edit');
    await page.waitForSelector('#edit-text');
    await page.$eval('#edit-text', (e) => ((e as HTMLTextAreaElement).value = ''));
    await page.type('#edit-text', 'The release script is scripts/release.sh, run it from the repo root');
    await page.click('#save');
    await page.waitForFunction(() => document.getElementById('memory-text')?.textContent?.includes('scripts/release.sh'));
    // The edited text states the value of a thing: the page says what it is about, and since when.
    await page.waitForFunction(() => /about: release script = scripts\/release\.sh · current since \d{4}-/.test(document.getElementById('memory-subject')?.textContent ?? ''));
    const ctx = cm(['context'], o).stdout;
    expect(ctx).toContain('scripts/release.sh');
    expect(ctx).not.toContain('scripts/ship.sh');
    expect(listJson(o).find((m) => m.text.includes('release.sh'))?.reviewed_at).toMatch(/^\d{4}-/);
  });

  it('shows a memory holding markup and a javascript: link as text, and runs none of it', async () => {
    const hits = await search('render markup docs link');
    expect(hits[0]).toBe(XSS.length > 139 ? `${XSS.slice(0, 139)}…` : XSS);
    await page.click('#hits li');
    await page.waitForSelector('#memory-text');
    expect(await page.$eval('#memory-text', (e) => e.textContent)).toBe(XSS);
    expect(await page.$$eval('main img', (xs) => xs.length)).toBe(0);
    expect(await page.$$eval('a', (xs) => xs.filter((a) => (a.getAttribute('href') ?? '').toLowerCase().startsWith('javascript:')).length)).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(alerts).toEqual([]);
  });

  it('shows bidirectional controls as what they are, and a broken link as an error', async () => {
    const hits = await search('attachment handler invoice uploads');
    expect(hits[0]).toContain('invoice_⟨U+202E⟩gnp.exe');
    await page.click('#hits li');
    await page.waitForSelector('#memory-text');
    const shown = await page.$eval('#memory-text', (e) => e.textContent ?? '');
    expect(shown).toContain('⟨U+202E⟩');
    expect(shown).not.toContain('\u202E');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${url}#/m/%E0%A4%A`);
    await page.waitForSelector('main .error');
    expect(await page.$eval('main .error', (e) => e.textContent)).toMatch(/does not name a memory/);
    expect(errors).toEqual([]);
  });

  it('changes a type, forgets a memory, and shows status', async () => {
    await search('orders index');
    await page.click('#hits li');
    await page.waitForSelector('#retype');
    await page.select('#retype', 'fact');
    await page.click('#apply-type');
    await page.waitForFunction(() => document.querySelector('h2')?.textContent?.startsWith('[fact]'));
    expect(listJson(o).find((m) => m.text.includes('orders table'))?.type).toBe('fact');

    await search('render markup docs link');
    await page.click('#hits li');
    await page.waitForSelector('#forget');
    await page.click('#forget');
    await page.waitForSelector('#search-info');
    await poll(() => listJson(o), (ms) => !ms.some((m) => m.text.includes('onerror')), 5000);
    expect(listJson(o).some((m) => m.text.includes('onerror'))).toBe(false);

    await page.goto(`${url}#/status`);
    await page.waitForSelector('#status');
    const status = await page.$eval('#status', (e) => e.textContent ?? '');
    expect(status).toContain('embedder');
    expect(status).toContain('not reviewed');
    await page.screenshot({ path: join(SHOTS, 'viewer-status.png') });
    await page.goto(`${url}#/review`);
    await page.waitForFunction(() => document.querySelectorAll('main li').length > 0);
  });
});
