import { describe, expect, it } from 'vitest';
import { capSupplement, decideWrite, screenCandidate, MAX_SUPPLEMENT_CHARS, type NearMemory } from './write-decision.js';

const policy = { triviaFilter: true, update: 0.9, merge: 0.5 };
const near = (id: number, similarity: number, text = "memory about the orders table index", supplement = ''): NearMemory => ({ id, type: 'fact', text, supplement, similarity });
const cand = (text: string, explicit = false) => ({ type: 'fact' as const, text, dir: '/p', agent: 'a', explicit });

describe('write decision (pure)', () => {
  it('screens in the design order, then redacts', () => {
    expect(screenCandidate(cand('好的'), policy)).toEqual({ action: 'filtered', reason: 'trivia' });
    expect(screenCandidate(cand('too short'), policy)).toEqual({ action: 'filtered', reason: 'short' });
    expect(screenCandidate(cand('too short', true), policy)).toMatchObject({ text: 'too short' });
    expect(screenCandidate(cand('exit code 1 was returned by the build step today'), policy)).toEqual({ action: 'filtered', reason: 'low-value' });
    const s = screenCandidate(cand('the deploy token is password=hunter2hunter2 for staging'), policy);
    expect('text' in s && s.text).toContain('[redacted:secret]');
  });

  it('updates at or above the update threshold, merges above the merge threshold, else inserts', () => {
    expect(decideWrite('x', [near(1, 0.95)], policy)).toMatchObject({ kind: 'update', target: { id: 1 } });
    expect(decideWrite('new text', [near(2, 0.6, 'old', 'a')], policy)).toEqual({ kind: 'merge', target: near(2, 0.6, 'old', 'a'), supplement: 'a\nnew text' });
    expect(decideWrite('a', [near(2, 0.6, 'old', 'a')], policy).kind).toBe('duplicate');
    expect(decideWrite('the deploys happen on fridays after standup', [near(3, 0.2)], policy)).toEqual({ kind: 'insert', similarity: 0.2 });
    expect(decideWrite('anything', [], policy)).toEqual({ kind: 'insert', similarity: 0 });
  });

  it('never rewrites what a person reviewed: a distilled near repeat or correction only adds a supplement', () => {
    const curated = { ...near(7, 0.96, 'The test command for this repo is pytest -q'), curated: true };
    expect(decideWrite('The test command for this repo is pytest -q', [curated], policy)).toMatchObject({ kind: 'duplicate', target: { id: 7 } });
    expect(decideWrite('The test command of this repo is pytest -q', [curated], policy)).toMatchObject({ kind: 'merge', target: { id: 7 }, supplement: 'The test command of this repo is pytest -q' });
    const fix = 'The test command for this repo is now pytest -q -x instead';
    expect(decideWrite(fix, [{ ...curated, similarity: 0.8 }], policy)).toMatchObject({ kind: 'merge', target: { id: 7 } });
    // Unreviewed, the same texts update and supersede as before.
    expect(decideWrite('The test command of this repo is pytest -q', [{ ...curated, curated: false }], policy).kind).toBe('update');
    expect(decideWrite(fix, [{ ...curated, curated: false, similarity: 0.8 }], policy).kind).toBe('supersede');
    // A person's own correction (explicit) still supersedes a reviewed memory.
    expect(decideWrite(fix, [{ ...curated, similarity: 0.8 }], policy, { explicit: true }).kind).toBe('supersede');
    // Already in its supplement: nothing to add.
    expect(decideWrite('again the same line', [{ ...curated, similarity: 0.7, supplement: 'again the same line' }], policy).kind).toBe('duplicate');
  });

  it('never folds what the user asked to keep: same words update, a near repeat is refused unless forced, else new', () => {
    const old = near(5, 0.97, 'The test command for this repo is pytest -q');
    expect(decideWrite('the test command for this repo is `pytest -q`.', [old], policy, { explicit: true }).kind).toBe('update');
    expect(decideWrite('The test command for this repo is pytest -q -x', [old], policy, { explicit: true })).toMatchObject({ kind: 'repeat', target: { id: 5 } });
    expect(decideWrite('The test command for this repo is pytest -q tests/unit_2', [old], policy, { explicit: true }).kind).toBe('repeat');
    const close = near(6, 0.95, 'Deploys happen every Friday after the standup meeting');
    expect(decideWrite('Deploys happen on Friday after the standup meeting', [close], policy, { explicit: true }).kind).toBe('repeat');
    expect(decideWrite('Deploys happen on Friday after the standup meeting', [close], policy, { explicit: true, force: true }).kind).toBe('insert');
    expect(decideWrite('a text in the merge range of another memory entirely', [near(7, 0.6)], policy, { explicit: true }).kind).toBe('insert');
  });

  it('lets a correction supersede the memory on the same subject', () => {
    const old = near(9, 0.6, 'The test command is pnpm vitest run');
    expect(decideWrite('The test command is now bun test instead of pnpm vitest run', [old], policy)).toMatchObject({ kind: 'supersede', targets: [{ id: 9 }] });
    expect(decideWrite('测试命令改成 bun test，不再用 pnpm vitest run', [near(9, 0.7, '测试命令是 pnpm vitest run')], policy, { explicit: true }).kind).toBe('supersede');
    // A session summary quotes corrections; it never supersedes one itself.
    expect(decideWrite('bash session: echo "the test command is now bun test instead of pnpm vitest run"', [old], policy, { summary: true }).kind).toBe('insert');
    expect(decideWrite('bash session: pytest', [near(8, 0.99, 'bash session: pytest')], policy, { summary: true }).kind).toBe('insert');
    // Not about the same thing: a plain new memory.
    expect(decideWrite('Deploys now use blue-green instead of rolling updates', [near(9, 0.2, 'The test command is pnpm vitest run')], policy).kind).toBe('insert');
  });

  it('never lets a near repeat without the value replace the memory that states it: it becomes a supplement', () => {
    const withValue = near(4, 0.95, 'The nightly batch window is 95 minutes after the new partitions');
    expect(decideWrite('The nightly batch window grew after the new partitions', [withValue], policy)).toMatchObject({ kind: 'merge', target: { id: 4 } });
    // With a value of its own it still updates (or, differing, is another statement).
    expect(decideWrite('The nightly batch window is 95 minutes after the partitions', [withValue], policy)).toMatchObject({ kind: 'update', target: { id: 4 } });
  });

  it('treats texts that differ in numbers or identifiers as different memories', () => {
    const t = (i: number): string => `unique text 0-${i} about topic postgres number ${i}`;
    expect(decideWrite(t(2), [near(1, 0.99, t(1))], policy).kind).toBe('insert');
    expect(decideWrite(t(2), [near(1, 0.99, t(1))], policy, { explicit: true }).kind).toBe('insert');
    expect(decideWrite('the api listens on port 8080 in dev', [near(1, 0.7, 'the api listens on port 3000 in dev')], policy).kind).toBe('insert');
    expect(decideWrite('use orders_v2 for reads', [near(1, 0.95, 'use orders_v1 for reads')], policy).kind).toBe('insert');
    expect(decideWrite('the api listens on port 8080 in dev!', [near(1, 0.95, 'the api listens on port 8080 in dev')], policy).kind).toBe('update');
  });

  it('refuses a fragment that mostly repeats a neighbour it is not close enough to merge into', () => {
    const d = decideWrite('orders table index memory', [near(4, 0.3, 'memory about the orders table index')], policy);
    expect(d).toMatchObject({ kind: 'overlap', target: { id: 4 } });
  });

  it('keeps the newest supplement lines within the cap', () => {
    const long = Array.from({ length: 200 }, (_, i) => `line ${i} `.repeat(5)).join('\n');
    const capped = capSupplement(long);
    expect(capped.length).toBeLessThanOrEqual(MAX_SUPPLEMENT_CHARS);
    expect(capped.endsWith(long.slice(-40))).toBe(true);
  });
});

describe('junk that is not a memory', () => {
  it("filters the shell's errors, npm's error trailer and claude-mem's own variables", () => {
    for (const junk of [
      'bash: ok: command not found, so the alias was never defined there',
      'zsh: command not found: pnpmx while trying the install again',
      'npm ERR! A complete log of this run can be found in /root/.npm/_logs/2026-12-02-debug-0.log',
      'CLAUDE_MEM_SESSION_ID=20261202-101010-abcd was set in this shell for the session',
    ]) {
      expect(screenCandidate(cand(junk), policy), junk).toEqual({ action: 'filtered', reason: 'low-value' });
    }
    expect('text' in screenCandidate(cand('We decided to run the bash scripts with set -euo pipefail'), policy)).toBe(true);
  });
});

describe('what is typed on purpose', () => {
  it('skips the length filter, not sense: whatever its type, "x" is not a memory; a short statement is', () => {
    for (const type of ['global', 'project', 'fact'] as const) {
      expect(screenCandidate({ type, text: 'x', dir: '', agent: 'user', explicit: true }, { triviaFilter: true })).toMatchObject({ action: 'filtered', reason: 'short' });
      expect(screenCandidate({ type, text: 'use pnpm', dir: '', agent: 'user', explicit: true }, { triviaFilter: true })).toHaveProperty('text', 'use pnpm');
      expect(screenCandidate({ type, text: '用中文', dir: '', agent: 'user', explicit: true }, { triviaFilter: true })).toHaveProperty('text', '用中文');
    }
  });
});
