import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStores } from './stores.js';
import { readVersion } from './version.js';
import { defaultConfig, resolvePaths } from '../config/index.js';

describe('store content versions', () => {
  it('change after every content write, and not for heat', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cm-ver-'));
    const project = join(home, 'p');
    mkdirSync(join(project, '.git'), { recursive: true });
    const paths = resolvePaths(project, { HOME: home, CLAUDE_MEM_DATA_DIR: join(home, 'data') });
    const stores = openStores({ config: { ...defaultConfig(), store: { ...defaultConfig().store, vector_model: 'lexical' } }, explicit: new Set() }, paths);
    const v = (): [string, string] => [readVersion(paths.userDataDir), readVersion(paths.projectDataDir)];
    const v0 = v();
    const r = await stores.write({ type: 'project', text: 'The test command for this repo is pytest -q', dir: project, agent: 'a', explicit: true });
    const v1 = v();
    expect(v1[1]).not.toBe(v0[1]);
    expect(v1[0]).toBe(v0[0]);
    await stores.write({ type: 'global', text: 'I prefer short answers with the code first', dir: '', agent: 'a', explicit: true });
    const v2 = v();
    expect(v2[0]).not.toBe(v1[0]);
    const rowid = stores.project.parseId(r.id ?? '') ?? 0;
    stores.project.touch([rowid]);
    expect(v()).toEqual(v2);
    // A duplicate changes nothing.
    await stores.write({ type: 'project', text: 'The test command for this repo is pytest -q', dir: project, agent: 'a', explicit: true });
    expect(v()).toEqual(v2);
    stores.project.forget(rowid);
    expect(v()[1]).not.toBe(v2[1]);
    stores.close();
  });
});
