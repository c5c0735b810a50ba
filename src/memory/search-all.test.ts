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

  it('spreads the tail across sessions: a session that matched once gets a place in the first ten', async () => {
    const sb = makeSandbox('cm-search-spread');
    await withMemory({ cwd: sb.project, env: sb.env }, async (m) => {
      const day = Date.UTC(2026, 0, 5);
      const busy = [
        'Dana took the kayak out on the lake before sunrise with her brother',
        'The kayak paddle Dana bought last spring finally cracked near the blade',
        'Dana repainted the kayak a bright orange so boats can see it from afar',
        'A kayak rack on the car roof made the drive to the river much easier for Dana',
        'Dana signed up for a kayak rescue course at the community pool in town',
        'The kayak club meets every Saturday and Dana now leads the beginners group',
        'Dana fixed a slow leak in the kayak hull with marine epoxy and tape',
        'Dana wants a lighter kayak for the long portage between the two lakes',
      ];
      const candidate = (text: string, sessionId: string, i: number) => ({ type: 'fact' as const, text, dir: sb.project, agent: 'test', sessionId, source: `test:${sessionId}:${i}`, createdAt: day + i * 1000, explicit: false });
      await m.write([
        ...busy.map((t, i) => candidate(t, 'session-a', i)),
        candidate('On the coast trip Dana rented a sea kayak for an afternoon of whale watching', 'session-b', 0),
      ]);
      const question = 'What does Dana do with her kayak?';
      const bySession = (sessions: Array<string | null>) => sessions.indexOf('session-b');
      const memories = (await m.search(question, { limit: 10 })).hits.map((h) => h.memory.sessionId);
      expect(memories.slice(0, 5).every((s) => s === 'session-a')).toBe(true);
      expect(bySession(memories)).toBe(5);
      const found = (await searchAll(m, question, { limit: 10 })).found.map((f) => (f.kind === 'memory' ? f.hit.memory.sessionId : f.hit.episode.sessionId));
      expect(bySession(found)).toBe(5);
    });
  });
});
