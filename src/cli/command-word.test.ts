import { describe, expect, it } from 'vitest';
import { commandWord } from './command-word.js';

describe('commandWord', () => {
  it('skips the global options, --set and its value included', () => {
    expect(commandWord(['run', 'claude'])).toBe('run');
    expect(commandWord(['-q', 'run', 'bash'])).toBe('run');
    expect(commandWord(['--set', 'inject.enabled=false', '--quiet', 'run', 'x'])).toBe('run');
    expect(commandWord(['--set', 'run', 'query', 'x'])).toBe('query');
    expect(commandWord(['--help'])).toBeUndefined();
    expect(commandWord([])).toBeUndefined();
  });
});
