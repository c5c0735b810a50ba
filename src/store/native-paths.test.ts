import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { sqliteAddonPath, vecExtensionPath } from './native-paths.js';

describe('native library paths', () => {
  it('finds the addon and the vec0 extension of this install, and they load', () => {
    const addon = sqliteAddonPath();
    const vec = vecExtensionPath();
    expect(addon && existsSync(addon)).toBeTruthy();
    expect(vec && existsSync(vec)).toBeTruthy();
    const db = new Database(':memory:', { nativeBinding: addon });
    db.loadExtension(vec as string);
    expect(db.prepare('select vec_version() as v').get()).toMatchObject({ v: expect.stringMatching(/^v\d/) });
    db.close();
  });

  it('names each platform\'s file, and nothing for a platform not installed', () => {
    expect(vecExtensionPath('win32', 'x64')).toBeUndefined();
    expect(vecExtensionPath('darwin', 'arm64')).toBeUndefined();
  });
});
