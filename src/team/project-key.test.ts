import { describe, expect, it } from 'vitest';
import { normalizeRemote, remoteUrlOf } from './project-key.js';

describe('a project across machines', () => {
  it('is one key for every way of writing its remote', () => {
    const key = 'github.com/org/shop';
    for (const url of ['git@github.com:Org/Shop.git', 'https://me@github.com/org/shop', 'https://github.com/org/shop.git/', 'ssh://git@github.com:22/org/shop.git', 'git://github.com/org/shop']) {
      expect(normalizeRemote(url), url).toBe(key);
    }
    expect(normalizeRemote('/srv/git/shop.git')).toBe('file/srv/git/shop');
    expect(normalizeRemote('')).toBeUndefined();
    expect(normalizeRemote('not a url')).toBeUndefined();
  });

  it('reads origin (or the first remote) from a git config', () => {
    const cfg = '[core]\n\tbare = false\n[remote "upstream"]\n\turl = git@github.com:up/shop.git\n[remote "origin"]\n\turl = https://github.com/org/shop.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n';
    expect(remoteUrlOf(cfg)).toBe('https://github.com/org/shop.git');
    expect(remoteUrlOf('[remote "mine"]\n url = git@h:x/y\n')).toBe('git@h:x/y');
    expect(remoteUrlOf('[core]\n')).toBeUndefined();
  });
});
