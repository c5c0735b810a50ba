import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sqliteAddonPath, sqliteDatabase, vecExtension, vecExtensionPath } from './native-libs.js';

describe('native libraries', () => {
  it('finds the addon and the vec0 extension of this install, and they load', () => {
    const addon = sqliteAddonPath();
    expect(addon && existsSync(addon)).toBeTruthy();
    expect(vecExtensionPath()).toBe(vecExtension());
    expect(existsSync(vecExtension())).toBe(true);
    const SQLite = sqliteDatabase();
    expect(sqliteDatabase()).toBe(SQLite);
    const db = new SQLite(':memory:', { nativeBinding: addon });
    db.loadExtension(vecExtension());
    expect(db.prepare('select vec_version() as v').get()).toMatchObject({ v: expect.stringMatching(/^v\d/) });
    db.close();
  });

  it("names each platform's file, and nothing for a platform not installed", () => {
    expect(vecExtensionPath('win32', 'x64')).toBeUndefined();
    expect(vecExtensionPath('darwin', 'arm64')).toBeUndefined();
  });
});
