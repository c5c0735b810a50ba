import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { askedSlots, askedValues, contradictsAsked, kindOf, sameKind, stated, tokensOf, valueSlots } from './value-slots.js';
import { frameTerms, rankPassages, supersede } from './rank.js';

const slotsOf = (text: string, question = '') => valueSlots(text, tokensOf(text), new Set(frameTerms(question)), askedValues(question));
const kindIn = (text: string, value: string) => {
  const toks = tokensOf(text);
  return kindOf(toks, toks.findIndex((t) => t.raw.startsWith(value)));
};

describe('value slots', () => {
  it('tells the kind of a value from its shape and its neighbours', () => {
    expect(kindIn('a budget of $550 a month', '$550')).toBe('money');
    expect(kindIn('coverage reached 78% today', '78%')).toBe('percent');
    expect(kindIn('the call is at 11 AM', '11')).toBe('time');
    expect(kindIn('standup moved to 9:30', '9:30')).toBe('time');
    expect(kindIn('the deadline is April 25', '25')).toBe('date');
    expect(kindIn('the API averages 250ms now', '250ms')).toBe('count:ms');
    expect(kindIn('we merged 150 commits', '150')).toBe('count:commit');
    expect(kindIn('截止日期改到 5月 20日', '5')).toBe('date');
    expect(kindIn('预算涨到 800 元', '800')).toBe('money');
  });

  it('a date is its month and day, with its year: April 1 and May 1 are two values, 2024 none', () => {
    const slots = slotsOf('the sprint deadline moved from April 1, 2024, to May 1, 2024, and 3 tasks remain');
    expect(slots.map((s) => [s.value, s.kind])).toEqual([
      ['april 1', 'date'],
      ['may 1', 'date'],
      ['3', 'count:task'],
    ]);
  });

  it('a value named as new is new whatever the clause aims at; a verb of change under an aim is not', () => {
    expect(slotsOf("I'm trying to update my timeline to reflect the new sprint deadline of April 5, 2024").map((s) => s.changed)).toEqual([true]);
    expect(slotsOf("I'm trying to move the preview server to port 9090").map((s) => s.changed)).toEqual([false]);
    expect(slotsOf('if the new limit of 500 holds, we are fine').map((s) => s.changed)).toEqual([false]);
  });

  it('a change said of a pronoun reaches back to what was named before it', () => {
    const q = 'How long does the probate process usually take in Montserrat?';
    const text = "I'm kinda worried about the probate process here in Montserrat, so can you tell me more about how it was shortened to 5-7 months and what that means";
    expect([...(slotsOf(text, q)[0]?.near ?? [])]).toEqual(expect.arrayContaining(['probat', 'process']));
    // A plain statement keeps its window.
    const plain = "I'm kinda worried about the probate process here in Montserrat, so can you tell me more about the rules for the 5-7 months and what that means";
    expect([...(slotsOf(plain, q)[0]?.near ?? [])]).not.toContain('probat');
    // "that" introducing a clause is no subject standing for something named before.
    const clause = "I'm kinda worried about the probate process here in Montserrat, so I found out today that lawyers raised the fee to 5-7 thousand";
    expect([...(slotsOf(clause, q)[0]?.near ?? [])]).not.toContain('probat');
  });

  it('a count with its unit left out may be the same thing; an amount is never a date', () => {
    expect(sameKind('count:commit', 'count')).toBe(true);
    expect(sameKind('count:commit', 'count:branch')).toBe(false);
    expect(sameKind('money', 'date')).toBe(false);
  });

  it('marks a value a word of change stands before, in either language', () => {
    expect(slotsOf('my grocery budget was increased to $550 monthly').map((s) => s.changed)).toEqual([true]);
    expect(slotsOf('we agreed on a $500 monthly budget for groceries').map((s) => s.changed)).toEqual([false]);
    expect(slotsOf('预览服务器已经搬到 9090 端口了').map((s) => s.changed)).toEqual([true]);
    expect(slotsOf('预览服务器的端口是 8080').map((s) => s.changed)).toEqual([false]);
  });

  it('a verb of change reaches its value through "to" across a long object, in one clause only', () => {
    expect(slotsOf('I need to update the deadline for my Instagram automation prototype to April 5').map((s) => s.changed)).toEqual([true]);
    expect(slotsOf('we finally moved every one of the nightly staging jobs over to 3').map((s) => s.changed)).toEqual([true]);
    // Another clause stands between the verb and the value: the verb is not about it.
    expect(slotsOf('We changed the wiki page for our team last week, then drove back to 9 Elm Street').map((s) => s.changed)).toEqual([false]);
    // "to" without a verb of change is a plain statement.
    expect(slotsOf('the sprint for the basic layout and navigation runs up to April 1').map((s) => s.changed)).toEqual([false]);
  });

  it('a change that was refused, only proposed or negated is not stated', () => {
    expect(slotsOf('we discussed moving the dev server to port 4000 but decided against it').some((s) => s.changed)).toBe(false);
    expect(slotsOf('someone suggested we switch the pool size to 20').some((s) => s.changed)).toBe(false);
    expect(slotsOf('if we moved the port to 9090 the proxy would break').some((s) => s.changed)).toBe(false);
    expect(slotsOf('端口改成 9090 的提议被否决了').some((s) => s.changed)).toBe(false);
    const text = "I'm trying to plan my expenses, and my grocery budget was increased to $550 monthly.";
    expect(stated(text, text.indexOf('$550'))).toBe(true);
  });

  it('a change in a clause of fact under a verb of thought is stated; "how to" is not such a clause', () => {
    const fact = "I'm trying to understand how my score improved to 19/20 on derivative rules";
    expect(stated(fact, fact.indexOf('19/20'))).toBe(true);
    const aim = "I'm not sure how to adjust the maxmemory setting to 1GB";
    expect(stated(aim, aim.indexOf('1GB'))).toBe(false);
  });

  it('reads a value in text with no punctuation (a screen of numbered lines) from its own stretch, not from everything before it', () => {
    const flood = `we might ${Array.from({ length: 200 }, (_, i) => `step ${i} ok`).join(' ')} then the pool size was raised to 40`;
    expect(stated(flood, flood.indexOf('40', flood.length - 10))).toBe(true);
    // Within a clause of prose nothing changes: the proposal still governs.
    const near = 'we might raise the pool size to 40';
    expect(stated(near, near.indexOf('40'))).toBe(false);
  });

  it("a plan in one clause does not make another clause's change tentative", () => {
    const plan = "I'm planning a movie night for my family and I've raised the popcorn budget to $40, any ideas?";
    expect(stated(plan, plan.indexOf('$40'))).toBe(true);
    // The conjunction alone, without a subject of its own, continues the plan.
    const still = "I'm planning to visit the lake and raise the boat budget to $40 next month.";
    expect(stated(still, still.indexOf('$40'))).toBe(false);
    // A condition governs every clause it joins.
    const cond = 'If the tests keep failing and we move the runner to 8 cores, the bill doubles.';
    expect(stated(cond, cond.indexOf('8 cores'))).toBe(false);
  });

  it("leaves out the question's own values: they are what is asked about", () => {
    const q = 'What is the login API response time under 20 concurrent requests?';
    expect(slotsOf('the login API now answers in 120ms under 20 concurrent requests', q).map((s) => s.value)).toEqual(['120ms']);
  });

  it('never throws and keeps every value it reads, whatever the text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const slots = slotsOf(text, 'what is the port');
        for (const s of slots) expect(s.value).toMatch(/\d/);
      }),
      { numRuns: 200 },
    );
  });
});

describe('newest wins when the link was missed', () => {
  const flat = () => 1;
  const q = 'What is my annual budget for buying sneakers?';
  const old = { id: 1, text: "I've spent $575 on sneakers this year and I'm close to my $600 annual budget for buying sneakers.", at: 1000, bm25: 9, role: 'user' };
  const reply = { id: 2, text: 'With $575 of your $600 annual budget spent, you have $25 left for sneakers this year.', at: 1001, bm25: 8, role: 'assistant' };

  it('a later line that says the value changed, in the same slot, comes first though it shares fewer words', () => {
    const update = { id: 3, text: "I'm considering new sneakers with my increased budget of $650.", at: 5000, bm25: 3, role: 'user' };
    const ranked = rankPassages(q, [old, reply, update], flat, 100);
    expect(ranked[0]?.id).toBe(3);
  });

  it('a later line that only proposes, or refuses, the change does not', () => {
    const proposal = { id: 3, text: 'Someone suggested we raise the sneakers budget to $650, but we decided against it.', at: 5000, bm25: 3, role: 'user' };
    expect(rankPassages(q, [old, reply, proposal], flat, 100)[0]?.id).toBe(1);
  });

  it('a later value of another kind, or of another thing, does not', () => {
    const date = { id: 3, text: 'The sneakers sale was moved to April 25.', at: 5000, bm25: 3, role: 'user' };
    const other = { id: 4, text: 'My grocery bill increased to $700 this month.', at: 6000, bm25: 3, role: 'user' };
    expect(rankPassages(q, [old, reply, date, other], flat, 100)[0]?.id).toBe(1);
  });

  it('a later change that names the thing in other words, sharing a fifth of the old slot, still replaces it', () => {
    const w = (t: string) => ({ women: 5, mentor: 2, caribbean: 2, media: 1, highlight: 1, mente: 3.5, portfolio: 1.5 })[t] ?? 1;
    const before = [{ at: 0, value: '5', kind: 'count:women', changed: false, near: new Set(['mentor', 'women', 'caribbean', 'media', 'highlight']) }];
    const after = [{ at: 0, value: '7', kind: 'count', changed: true, near: new Set(['mente', 'highlight', 'mentor']) }];
    const ranked = [
      { at: 1, role: 'user', slots: before },
      { at: 2, role: 'user', slots: after },
    ];
    expect(supersede(ranked, new Set(), w).map((c) => c.at)).toEqual([2, 1]);
    // Sharing nothing but a common word is another thing.
    const unrelated = [{ at: 0, value: '7', kind: 'count', changed: true, near: new Set(['highlight']) }];
    expect(supersede([ranked[0]!, { at: 2, role: 'user', slots: unrelated }], new Set(), w).map((c) => c.at)).toEqual([1, 2]);
  });

  it('a change said later in the same session is a contender wherever it ranks', () => {
    const slot = (value: string, changed: boolean) => [{ at: 0, value, kind: 'date', changed, near: new Set(['deadline', 'draft']) }];
    const filler = (at: number) => ({ at, role: 'user', session: 'b', slots: [] });
    const ranked = [
      { at: 1, role: 'user', session: 'a', slots: slot('april 20', false) },
      ...[2, 3, 4, 5, 6].map(filler),
      { at: 7, role: 'user', session: 'a', slots: slot('april 25', true) },
    ];
    expect(supersede(ranked, new Set(), flat)[0]?.at).toBe(7);
    // From another session, that far down, it is about something else.
    const elsewhere = ranked.map((r) => (r.at === 7 ? { ...r, session: 'c' } : r));
    expect(supersede(elsewhere, new Set(), flat)[0]?.at).toBe(1);
  });

  it('in one session, a later value the user states in the same slot replaces the old one without a word of change', () => {
    const slot = (value: string, near: string[]) => [{ at: 0, value, kind: 'percent', changed: false, near: new Set(near) }];
    const old = { at: 1, role: 'user', session: 'a', slots: slot('87%', ['ai', 'screen', 'accuraci']) };
    const said = { at: 2, role: 'user', session: 'a', slots: slot('90%', ['ai', 'screen', 'accuraci']) };
    expect(supersede([old, said], new Set(), flat)[0]?.at).toBe(2);
    // In another session it needs a word of change; in the same one, a reply or a value of another slot does not replace it.
    expect(supersede([old, { ...said, session: 'b' }], new Set(), flat)[0]?.at).toBe(1);
    expect(supersede([old, { ...said, role: 'assistant' }], new Set(), flat)[0]?.at).toBe(1);
    expect(supersede([old, { ...said, slots: slot('90%', ['ai', 'recall']) }], new Set(), flat)[0]?.at).toBe(1);
    // Nor does a plain mention of a value said before: that is the past.
    const older = { at: 0, role: 'user', session: 'a', slots: slot('90%', ['ai', 'screen', 'accuraci']) };
    expect(supersede([old, said, older], new Set(), flat)[0]?.at).toBe(1);
    // Nor does a value only asked about ("what if the accuracy drops to 80%?").
    const whatIf = "What if the AI screening accuracy drops to 80% next quarter?";
    const asked = valueSlots(whatIf, tokensOf(whatIf), new Set(['ai', 'screen', 'accuraci']));
    expect(asked[0]?.firm).toBe(false);
    expect(supersede([old, { ...said, slots: asked }], new Set(), flat)[0]?.at).toBe(1);
  });

  it('in one session, a later count of the same thing replaces the old one when it names it in fewer words', () => {
    const w = (t: string) => ({ secur: 1, interview: 1.5, execut: 2, produc: 2, role: 1 })[t] ?? 1;
    const count = (value: string, kind: string, near: string[]) => ({ at: 0, value, kind, changed: false, firm: true, near: new Set(near) });
    const old = { at: 1, role: 'user', session: 'a', slots: [count('3', 'count:interview', ['secur', 'interview', 'execut', 'produc', 'role'])] };
    // "how can I leverage the fact that I secured 5 interviews": the same count (of interviews), two of its five words.
    const later = { at: 3, role: 'user', session: 'a', slots: [count('5', 'count:interview', ['secur', 'interview'])] };
    // Item 5 of an earlier numbered list is another kind of value: it does not make 5 interviews a thing said before.
    const list = { at: 0, role: 'assistant', session: 'a', slots: [count('5', 'count:consid', [])] };
    expect(supersede([old, list, later], new Set(), w)[0]?.at).toBe(3);
    // A count of another thing, with as few shared words, is not the same slot; an earlier count of interviews of 5 is the past.
    expect(supersede([old, list, { ...later, slots: [count('5', 'count:callback', ['secur', 'interview'])] }], new Set(), w)[0]?.at).toBe(1);
    const before = { ...list, slots: [count('5', 'count:interview', ['interview'])] };
    expect(supersede([old, before, later], new Set(), w)[0]?.at).toBe(1);
  });

  it('follows a chain of changes to the last', () => {
    const slot = (value: string, changed: boolean) => [{ at: 0, value, kind: 'money', changed, near: new Set(['budget', 'sneaker']) }];
    const chain = [
      { at: 1, slots: slot('$600', false) },
      { at: 2, slots: slot('$650', true) },
      { at: 3, slots: slot('$700', true) },
    ];
    expect(supersede(chain, new Set(), flat).map((c) => c.at)).toEqual([3, 1, 2]);
  });
});

describe("the question's own values", () => {
  const flat = () => 1;
  it('reads the values a question states with a unit, and a text that states another in their place', () => {
    const asked = askedSlots('What is my accuracy after completing 15 problems?');
    expect(asked).toEqual([{ value: '15', kind: 'count:problem' }]);
    const other = "I've completed 12 problems and my accuracy went from 70% to 90%, on a triangle with sides 9, 12, 15 cm.";
    const same = "I've completed 15 problems with 95% accuracy.";
    expect(contradictsAsked(slotsOf(other), asked)).toBe(true);
    expect(contradictsAsked(slotsOf(same), asked)).toBe(false);
    // A bare number or a date in the question says too little to compare.
    expect(askedSlots('What happened on April 3 to the 2 of us?')).toEqual([]);
  });

  it('a passage about another state than the one asked ranks below the one that answers it', () => {
    const q = 'What is the login API response time under 20 concurrent requests?';
    const other = { id: 1, text: 'The login API response time improved to 110ms under 1,000 concurrent requests.', at: 5000, bm25: 9, role: 'user' };
    const asked = { id: 2, text: 'The login API response time is 120ms under 20 concurrent requests.', at: 1000, bm25: 8, role: 'user' };
    expect(rankPassages(q, [other, asked], flat, 100)[0]?.id).toBe(2);
  });
});
