import { describe, expect, it } from 'vitest';
import { cacheFileOf, compileCacheDir } from './compile-cache.js';

describe('compile cache names', () => {
  it('caches a chunk named for its content hash, by that name and its length, and nothing else', () => {
    const code = 'exports.x = 1;';
    expect(cacheFileOf('/c', '/pkg/dist/bundle/base-CqCeRceu.cjs', code)).toBe(`/c/base-CqCeRceu.cjs.${code.length}.v8`);
    expect(cacheFileOf('/c', '/pkg/dist/bundle/query-client-J-JGoj0_.cjs', code)).toBe(`/c/query-client-J-JGoj0_.cjs.${code.length}.v8`);
    // No content hash in the name: a rebuild of the same length would run the old code.
    expect(cacheFileOf('/c', '/pkg/dist/bundle/main.cjs', code)).toBeUndefined();
    expect(cacheFileOf('/c', '/pkg/dist/bundle/distill-worker.cjs', code)).toBeUndefined();
    // A dynamic import(): Node 20 loses its callback in a script made from cached data.
    expect(cacheFileOf('/c', '/pkg/dist/bundle/store-Dje5H5LA.cjs', 'exports.f = () => import("pg");')).toBeUndefined();
  });

  it("lives in the user's cache folder, per Node version and architecture", () => {
    const tag = `${process.version}-${process.arch}`;
    expect(compileCacheDir({ HOME: '/home/u' })).toBe(`/home/u/.cache/claude-mem/compile/${tag}`);
    expect(compileCacheDir({ HOME: '/home/u', XDG_CACHE_HOME: '/var/cache/u' })).toBe(`/var/cache/u/claude-mem/compile/${tag}`);
  });
});
