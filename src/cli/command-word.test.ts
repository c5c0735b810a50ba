import { describe, expect, it } from 'vitest';
import { commandWord, hoistSets } from './command-word.js';

describe('commandWord', () => {
  it('skips the global options, --set and its value included', () => {
    expect(commandWord(['run', 'claude'])).toBe('run');
    expect(commandWord(['-q', 'run', 'bash'])).toBe('run');
    expect(commandWord(['--set', 'inject.enabled=false', '--quiet', 'run', 'x'])).toBe('run');
    expect(commandWord(['--set', 'run', 'query', 'x'])).toBe('query');
  });

  it('moves --set given after the command before it, except for run and after --', () => {
    expect(hoistSets(['config', '--set', 'inject.token_budget=900'])).toEqual(['--set', 'inject.token_budget=900', 'config']);
    expect(hoistSets(['-q', 'query', 'port', '--set=retrieval.top_k=3', '--json'])).toEqual(['-q', '--set=retrieval.top_k=3', 'query', 'port', '--json']);
    expect(hoistSets(['run', 'bash', '--set', 'x'])).toEqual(['run', 'bash', '--set', 'x']);
    expect(hoistSets(['remember', '--', '--set', 'x'])).toEqual(['remember', '--', '--set', 'x']);
    expect(commandWord(['--help'])).toBeUndefined();
    expect(commandWord([])).toBeUndefined();
  });
});
