import { describe, expect, it } from 'vitest';
import { nativeMismatch } from './native-error.js';

describe('a native module built for another Node', () => {
  it('is one line naming the module and the rebuild, and nothing else is', () => {
    const err = Object.assign(new Error("The module '/usr/lib/node_modules/claude-mem/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 127. This version of Node.js requires\nNODE_MODULE_VERSION 115."), { code: 'ERR_DLOPEN_FAILED' });
    expect(nativeMismatch(err, 'v20.20.2')).toBe('better-sqlite3 was built for another Node.js version than this one (v20.20.2). Run "npm rebuild -g claude-mem" (or "npm rebuild" in a checkout), then try again.');
    expect(nativeMismatch(new Error('ENOENT: no such file'))).toBeUndefined();
  });
});
