import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../../tests/helpers/sandbox.js';
import { withMemory } from './index.js';
import { searchAll, type Found } from './search-all.js';

const idOf = (f: Found): string => (f.kind === 'memory' ? `m${f.hit.memory.id}` : `s${f.hit.episode.id}`);
const textOf = (f: Found): string => (f.kind === 'memory' ? f.hit.memory.text : f.hit.episode.text);

describe('searchAll (memories and what was said, one list)', () => {
  it('gives the first k of the full list when asked for k: a later value beyond k still replaces an older one', async () => {
    const sb = makeSandbox('cm-search-all');
    await withMemory({ cwd: sb.project, env: sb.env }, async (m) => {
      const question = 'how long is the nightly batch window';
      await m.remember('The nightly batch window is 60 minutes', { type: 'project' });
      for (const t of [
        'The nightly batch window alerts go to the #ops channel',
        'The nightly batch window chart on the dashboard needs labels',
        'Nightly batch window retries are capped at three',
      ])
        await m.remember(t, { type: 'project' });
      await m.remember('After the new partitions the batch window has grown to 95 minutes', { type: 'project' });
      m.stores.project.addEpisodes([{ sessionId: 's1', at: Date.now(), agent: 'claude', role: 'user', position: 0, dir: sb.project, text: 'Who owns the nightly batch window? The nightly batch team.' }]);
      const full = (await searchAll(m, question, { limit: 10 })).found;
      expect(textOf(full[0] as Found)).toContain('95 minutes');
      for (let k = 1; k <= full.length; k++) {
        expect((await searchAll(m, question, { limit: k })).found.map(idOf)).toEqual(full.slice(0, k).map(idOf));
      }
    });
  });
});
