import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStores } from './stores.js';
import { openReadStores } from './read-stores.js';
import { MIGRATIONS } from './migrations.js';
import { MIGRATION_COUNT } from './migration-count.js';
import { StoreError } from '../errors.js';
import { defaultConfig, resolvePaths, type Paths } from '../config/index.js';

const loaded = { config: { ...defaultConfig(), store: { ...defaultConfig().store, vector_model: 'lexical' } }, explicit: new Set<string>() };

function paths(): Paths {
  const home = mkdtempSync(join(tmpdir(), 'cm-read-'));
  const project = join(home, 'p');
  mkdirSync(join(project, '.git'), { recursive: true });
  return resolvePaths(project, { HOME: home, CLAUDE_MEM_DATA_DIR: join(home, 'data') });
}

/** Both stores written through the full store, with a summarised session. */
async function written(): Promise<Paths> {
  const p = paths();
  const stores = openStores(loaded, p);
  await stores.write({ type: 'project', text: 'The test command for this repo is pytest -q', dir: p.projectRoot, agent: 'a', explicit: true, sessionId: 's1' });
  await stores.write({ type: 'fact', text: 'The staging port is 8443 now', dir: p.projectRoot, agent: 'a', explicit: true, sessionId: 's1' });
  await stores.write({ type: 'global', text: 'I prefer short answers with the code first', dir: '', agent: 'a', explicit: true });
  stores.sessions.upsert({ id: 's1', agent: 'a', command: 'claude', dir: p.projectRoot, startedAt: 1, endedAt: 2, logPath: '/dev/null' });
  stores.sessions.markProcessed('s1', { offset: 1, t: 1, summary: 'fixed the staging deploy', endedAt: 2 });
  stores.close();
  return p;
}

describe('the launch reader (read-stores.ts)', () => {
  it('counts the steps migrations.ts holds', () => {
    expect(MIGRATION_COUNT).toBe(MIGRATIONS.length);
  });

  it('reads what the full stores read: the hottest, a search, the last work', async () => {
    const p = await written();
    const full = openStores(loaded, p);
    const read = openReadStores(loaded, p);
    expect(read).toBeDefined();
    if (!read) return;
    for (const [a, b] of [
      [read.user.hottest('global', 10), full.user.hottest('global', 10)],
      [read.project.hottest('project', 10), full.project.hottest('project', 10)],
      [read.project.hottest('fact', 10, [p.projectRoot], { stateOnly: true }), full.project.hottest('fact', 10, [p.projectRoot], { stateOnly: true })],
    ]) {
      expect(a?.map((m) => m.text)).toEqual(b?.map((m) => m.text));
    }
    expect(read.user.hottest('global', 10)).toHaveLength(1);
    const q = { type: 'fact' as const, limit: 5, cwd: p.projectRoot };
    const [rh, fh] = [await read.search('staging port', q), await full.search('staging port', q)];
    expect(rh.map((h) => [h.memory.id, h.score])).toEqual(fh.map((h) => [h.memory.id, h.score]));
    expect(rh[0]?.memory.text).toContain('8443');
    expect(read.sessions.lastWork(p.projectRoot)).toBe(full.sessions.lastWork(p.projectRoot));
    expect(read.sessions.lastWork(p.projectRoot)).toContain('fixed the staging deploy');
    read.close();
    full.close();
  });

  it('leaves a store it would have to create or migrate to openStores, unchanged', async () => {
    const fresh = paths();
    expect(openReadStores(loaded, fresh)).toBeUndefined();
    expect(existsSync(fresh.projectDb) || existsSync(fresh.userDb)).toBe(false);
    const p = await written();
    const full = openStores(loaded, p);
    // As a store of an older claude-mem: its last step not yet applied.
    full.project.db.prepare('DELETE FROM _migrations WHERE name = ?').run(MIGRATIONS.at(-1)?.name);
    full.close();
    const before = readFileSync(p.projectDb);
    expect(openReadStores(loaded, p)).toBeUndefined();
    expect(readFileSync(p.projectDb).equals(before)).toBe(true);
  });

  it('says what is wrong with a damaged store, as openStores does', async () => {
    const p = await written();
    writeFileSync(p.projectDb, 'not a database, just text '.repeat(200));
    expect(() => openReadStores(loaded, p)).toThrow(StoreError);
    expect(() => openReadStores(loaded, p)).toThrow(/damaged or not a database/);
  });
});
