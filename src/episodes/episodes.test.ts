import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { passagesOf, PASSAGE_CHARS } from './passages.js';
import { frameCover, frameTerms, frameWords, newestOfFrame, rankPassages, stem, termCover } from './rank.js';
import { mergeTiers, newestPerSubject } from './merge.js';
import { excerpt } from './excerpt.js';
import { saidOf } from './said.js';
import { memoryStore, POLICY } from '../store/test-helpers.js';

const flat = () => 1;

describe('passages', () => {
  it('keeps a message whole when it fits, and cuts a long one at paragraphs, each piece within the bound', () => {
    expect(passagesOf('The dashboard API now averages 250ms.')).toEqual(['The dashboard API now averages 250ms.']);
    const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} says something about the deploy pipeline and its steps.`).join('\n\n');
    const parts = passagesOf(long, 300);
    expect(parts.length).toBeGreaterThan(5);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(300);
    expect(parts.join('\n')).toContain('Paragraph 29');
  });

  it('drops what carries nothing to search for', () => {
    expect(passagesOf('ok')).toEqual([]);
  });

  it('never loses a word, however the text is built (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,12}$/), { minLength: 3, maxLength: 400 }), fc.constantFrom(' ', '\n', '\n\n', '. '), (ws, sep) => {
        const text = ws.join(sep);
        const kept = passagesOf(text, 80).join(' ');
        const want = text.trim().length >= 12 ? ws : [];
        for (const w of want) expect(kept).toContain(w);
      }),
      { numRuns: 60 },
    );
  });

  it('is bounded by PASSAGE_CHARS by default, even for one unbroken run', () => {
    for (const p of passagesOf('x'.repeat(PASSAGE_CHARS * 3 + 5))) expect(p.length).toBeLessThanOrEqual(PASSAGE_CHARS);
  });
});

describe('newest of the frame', () => {
  it('a passage about another state than the one asked is no newer value', () => {
    const at = (n: number) => Date.UTC(2024, 0, n);
    const ranked = [
      { id: 1, frame: 0.5, score: 2.9, at: at(1) },
      { id: 2, frame: 0.5, score: 2.5, at: at(9), contra: true },
      { id: 3, frame: 0.45, score: 2.4, at: at(5) },
    ];
    expect(newestOfFrame(ranked).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(newestOfFrame(ranked.map((r) => ({ ...r, contra: false }))).map((r) => r.id)).toEqual([2, 3, 1]);
  });
});

describe('frames', () => {
  it('stems as the porter index does: forms of one word meet, names stay', () => {
    expect(stem('commits')).toBe(stem('commit'));
    expect(stem('deadlines')).toBe(stem('deadline'));
    expect(stem('categories')).toBe(stem('category'));
    expect(stem('highlighted')).toBe(stem('highlight'));
    expect(stem('mentoring')).toBe(stem('mentor'));
    expect(stem('status')).not.toBe(stem('state'));
    expect(stem('next.js')).toBe('next.js');
    expect(stem('k3s')).toBe('k3s');
  });

  it('asks a stemming index with the written word: a stem is not always its own stem', () => {
    const words = frameWords('What budget have Alexis and I agreed on?');
    expect(words.get(stem('agreed'))).toBe('agreed');
    expect([...words.keys()]).toEqual(frameTerms('What budget have Alexis and I agreed on?'));
  });

  it("a value next to the question's words is a frame; one paragraphs away is not", () => {
    const terms = frameTerms('What is the average response time of the dashboard API?');
    const near = 'Quick update: the dashboard API response time has improved further, now averaging around 250ms after caching.';
    const far = `The dashboard API response time matters. ${'Other words without any link. '.repeat(6)}We bought 3 monitors.`;
    expect(frameCover(near, terms, flat)).toBeGreaterThan(0.7);
    expect(frameCover(far, terms, flat)).toBeLessThan(0.3);
    expect(termCover(far, terms, flat)).toBeGreaterThan(0.7);
  });

  it('a value said inside a question counts', () => {
    const terms = frameTerms('How many interviews have I secured for producer roles?');
    expect(frameCover('How should I prepare now that I have secured 5 interviews for producer roles this month?', terms, flat)).toBeGreaterThan(0.7);
  });

  it('Chinese questions frame by bigrams', () => {
    const terms = frameTerms('预览服务器的端口是多少');
    expect(frameCover('预览服务器搬到 9090 端口了', terms, flat)).toBeGreaterThanOrEqual(0.5);
  });

  it('among passages stating the same frame, the newer comes first', () => {
    const q = 'What is the monthly grocery budget?';
    const ranked = rankPassages(
      q,
      [
        { id: 1, text: 'We agreed on a monthly grocery budget of $500.', at: 1000, bm25: 5 },
        { id: 2, text: 'We raised the monthly grocery budget to $550.', at: 9000, bm25: 5 },
        { id: 3, text: 'Groceries are expensive this year.', at: 9500, bm25: 2 },
      ],
      () => 1,
      100,
    );
    expect(ranked.map((r) => r.id)).toEqual([2, 1, 3]);
  });
});

describe('memories and what was said in one list', () => {
  const item = (id: string, text: string, at: number) => ({ item: id, text, at });

  it('a memory that answers as well as a passage comes first', () => {
    const out = mergeTiers('what is the test command', [item('m', 'The test command is pnpm vitest run', 10)], [item('s', 'we agreed to run pnpm vitest run as the test command', 10)], flat, 5);
    expect(out.map((x) => x.item)).toEqual(['m', 's']);
  });

  it('the answer the memory ranker found after a question keeps its place, though it shares none of the words', () => {
    const question = 'What are the names of the pets?';
    const memories = [
      { item: 'q', text: 'Cute! What are their names? Pets are great.', at: 1, score: 0.6 },
      { item: 'a', text: 'Luna and Oliver, both very playful.', at: 2, score: 0.54, lent: true },
    ];
    const said = [item('s', 'the names of the pets at the shelter were on a board', 3)];
    expect(mergeTiers(question, memories, said, flat, 5).map((x) => x.item)).toEqual(['q', 'a', 's']);
    // Without the memory ranker's word for it, the answer is weighed by its words alone.
    const plain = memories.map(({ lent: _lent, ...m }) => m);
    expect(mergeTiers(question, plain, said, flat, 5).map((x) => x.item)).toEqual(['q', 's', 'a']);
  });

  it('a passage that holds a memory’s whole text is represented by the memory', () => {
    const out = mergeTiers('what is the test command', [item('m', 'The test command is pnpm vitest run', 10)], [item('s', 'ok.  The test command is   pnpm vitest run, as agreed', 10)], flat, 5);
    expect(out.map((x) => x.item)).toEqual(['m']);
  });

  it('where memories answer weakly, the passage that answers comes first, marked as said', () => {
    const out = mergeTiers(
      'What is the login API response time under 20 concurrent requests?',
      [item('m', 'Implemented caching for user data in the login handler.', 5)],
      [item('s', 'the login API response time is now 120ms under 20 concurrent requests', 9)],
      flat,
      5,
    );
    expect(out[0]).toMatchObject({ kind: 'said', item: 's' });
  });

  it('a passage put ahead of an older value answers as well as that value did, against memories', () => {
    const question = 'What is the snack budget for the movie night?';
    const memories = [item('m', 'Movie night snacks: popcorn, nachos and a fruit plate for the family.', 5)];
    const said = [
      { item: 'new', text: 'the new $75 is what we spend', at: 9, id: 2, replaces: 1 },
      { item: 'old', text: 'The snack budget for the movie night is $65 per weekend.', at: 4, id: 1 },
    ];
    expect(mergeTiers(question, memories, said, flat, 5).map((x) => x.item)).toEqual(['new', 'old', 'm']);
    // Without the tier's word that it replaced the old value, it is weighed by its own words.
    const plain = said.map(({ replaces: _r, ...s }) => s);
    expect(mergeTiers(question, memories, plain, flat, 5).map((x) => x.item)[0]).not.toBe('new');
  });

  it('memories keep the order search gave them; passages are merged in between', () => {
    const out = mergeTiers(
      'what is the build command',
      [item('m1', 'The build command is ./gradlew build', 5), item('m2', 'The build command used to be mvn package, the owner of the build is Li', 6)],
      [item('s', 'chat about lunch and the weather', 7)],
      flat,
      5,
    );
    expect(out.map((x) => x.item)).toEqual(['m1', 'm2', 's']);
  });

  it('a stale value never outranks a newer one that answers alike (the link missed at write time)', () => {
    const out = mergeTiers(
      'What is the request limit per minute?',
      [item('old', 'The request limit is 100 per minute.', 1)],
      [item('new', 'We set the request limit to 120 per minute.', 50)],
      flat,
      5,
    );
    expect(out[0]?.item).toBe('new');
  });
});

describe('newest per subject', () => {
  const h = (id: string, key: string | null, at: number) => ({ id, key, at });
  const order = (hs: Array<ReturnType<typeof h>>) => newestPerSubject(hs, (x) => x.key, (x) => x.at).map((x) => x.id);

  it('puts the newer value of a subject where the older ranked, and keeps the rest in place', () => {
    expect(order([h('old', 'port', 1), h('x', null, 5), h('new', 'port', 9)])).toEqual(['new', 'x', 'old']);
  });

  it('never moves hits of different subjects or without one (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ key: fc.constantFrom('a', 'b', 'c', null), at: fc.integer({ min: 0, max: 100 }) }), { maxLength: 12 }), (rs) => {
        const hs = rs.map((r, i) => h(String(i), r.key, r.at));
        const out = newestPerSubject(hs, (x) => x.key, (x) => x.at);
        expect(out.map((x) => x.key)).toEqual(hs.map((x) => x.key));
        expect([...out].sort((a, b) => Number(a.id) - Number(b.id))).toEqual(hs);
        for (const k of ['a', 'b', 'c']) {
          const ats = out.filter((x) => x.key === k).map((x) => x.at);
          expect(ats).toEqual([...ats].sort((a, b) => b - a));
        }
      }),
    );
  });
});

describe('excerpt', () => {
  it('shows the part that answers, not the first characters', () => {
    const text = `${'Some long introduction about the project and its history. '.repeat(5)}The dashboard API response time is now 250ms after the cache. ${'More text afterwards. '.repeat(5)}`;
    const line = excerpt(text, 'dashboard API response time', 100);
    expect(line).toContain('250ms');
    expect(line.length).toBeLessThanOrEqual(102);
  });

  it('keeps a short text as it is', () => {
    expect(excerpt('The port is 3000', 'port')).toBe('The port is 3000');
  });

  it('shows the value the question words sit around, though the words alone are denser before it', () => {
    const text =
      "I'm trying to implement a secure authentication system for my application, considering the recent growth of commits merged into the main branch of my repository, which has now reached 165, and I want to ensure my authorization features follow best practices.";
    expect(excerpt(text, 'How many commits have been merged into the main branch of my repository?', 100)).toContain('165');
  });
});

describe('the episode index (a real store)', () => {
  const turns = [
    { at: 1000, user: 'I moved the dev server to port 4000 today, what else should change?', assistant: ['Update the proxy config too.'], tools: [] },
    { at: 2000, user: 'My token is sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH and <private>my home address</private> is secret', assistant: [], tools: [] },
  ];

  it('indexes every message, redacted, once however often it is imported, and finds the value', () => {
    const s = memoryStore();
    const said = saidOf(turns, 0, { sessionId: 's1', agent: 'claude', dir: '/p' });
    expect(s.addEpisodes(said)).toBe(3);
    expect(s.addEpisodes(said)).toBe(0);
    const all = s.searchEpisodes('token address secret', { limit: 5 }).hits.map((h) => h.episode.text).join('\n');
    expect(all).not.toContain('sk-ant-api03');
    expect(all).not.toContain('home address');
    const found = s.searchEpisodes('which port does the dev server use', { limit: 3 });
    expect(found.hits[0]?.episode.text).toContain('port 4000');
    expect(found.hits[0]?.episode).toMatchObject({ role: 'user', sessionId: 's1', position: 0 });
    expect(s.episodeStats()).toMatchObject({ passages: 3, sessions: 1 });
  });

  it('forgets a session entirely, the FTS terms too', () => {
    const s = memoryStore();
    s.addEpisodes(saidOf(turns, 0, { sessionId: 's1', agent: 'claude', dir: '/p' }));
    expect(s.dropEpisodesOfSessions(['s1'])).toBe(3);
    expect(s.searchEpisodes('dev server port', { limit: 3 }).hits).toEqual([]);
    expect(s.episodeStats().passages).toBe(0);
  });

  it('answers as of a moment: nothing said after it', () => {
    const s = memoryStore();
    s.addEpisodes(saidOf(turns, 0, { sessionId: 's1', agent: 'claude', dir: '/p' }));
    expect(s.searchEpisodes('dev server port', { limit: 3, until: 500 }).hits).toEqual([]);
  });

  it('scrubs a forgotten text from every passage, and its terms from the index', () => {
    const s = memoryStore();
    s.addEpisodes(saidOf(turns, 0, { sessionId: 's1', agent: 'claude', dir: '/p' }));
    expect(s.scrubEpisodes('port 4000')).toBe(1);
    expect(s.searchEpisodes('4000', { limit: 3 }).hits).toEqual([]);
    expect(s.searchEpisodes('dev server', { limit: 3 }).hits[0]?.episode.text).toContain('[forgotten]');
  });

  it('drops passages by when they were indexed, not when they were said (an old import is not pruned at once)', () => {
    const s = memoryStore();
    s.addEpisodes(saidOf(turns, 0, { sessionId: 's1', agent: 'claude', dir: '/p' }));
    expect(s.dropEpisodesBefore(500)).toBe(0);
    expect(s.dropEpisodesBefore(Date.now() + 1)).toBe(3);
  });

  it('a memory imported from a year-old transcript keeps its date and is not archived for it: heat starts when it enters the store', async () => {
    const s = memoryStore();
    const now = Date.UTC(2026, 11, 5);
    const yearAgo = now - 365 * 86_400_000;
    await s.writeMany([{ type: 'fact', text: 'Fixed the flaky login test: the root cause was a shared database connection between tests.', dir: '/p', agent: 'claude', sessionId: 's0', source: null, createdAt: yearAgo }], POLICY, now);
    expect(s.archiveCold(30, now)).toBe(0);
    expect(s.list({})[0]).toMatchObject({ createdAt: yearAgo });
    // Left alone for longer than the setting from the day it came in, it decays as any episode does.
    expect(s.archiveCold(30, now + 31 * 86_400_000)).toBe(1);
  });
});
