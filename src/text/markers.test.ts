import { describe, expect, it } from 'vitest';
import { hasMarker, markerIn, markersOf } from './markers.js';
import { markerText } from '../segmenter/index.js';
import { MarkerCatcher } from '../pty/marker-catcher.js';

describe('markers', () => {
  it('the default comes with an English alias; a marker of the user\'s own comes alone', () => {
    expect(markersOf('!记得')).toEqual(['!记得', '!remember']);
    expect(markersOf('!note')).toEqual(['!note']);
    expect(markersOf('')).toEqual([]);
  });

  it('finds either, and a word that only starts like one is none', () => {
    expect(markerIn('!remember the port is 8080', '!记得')).toEqual({ at: 0, marker: '!remember' });
    expect(hasMarker('I !remembered it', '!记得')).toBe(false);
    expect(markerText('!remember: tests run with pnpm test', '!记得', true)).toBe('tests run with pnpm test');
    expect(markerText('!记得 用 pnpm', '!记得', true)).toBe('用 pnpm');
    expect(markerText('!remember tests', '!note', true)).toBeUndefined();
  });

  it('the catcher holds either from the program, and lets any other ! line through', () => {
    const c = new MarkerCatcher('!记得', 'shell');
    const r = c.feed('!remember keep this');
    expect(r.forward).toBe('');
    expect(r.echo).toBe('!remember keep this');
    const other = new MarkerCatcher('!记得', 'shell');
    expect(other.feed('!rm -rf build').forward).toBe('!rm -rf build');
  });
});
