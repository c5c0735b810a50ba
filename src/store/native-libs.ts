/**
 * The two native libraries a store needs, loaded the cheapest way: every
 * process that opens a store pays for this (a launch that rebuilds its
 * block, a query, the MCP server).
 *
 * - better-sqlite3 is required as CommonJS (an ESM import of it runs the
 *   CJS lexer over its files, ~3 ms more), with its addon named directly
 *   (its `bindings` lookup stats a dozen paths, ~1.4 ms).
 * - sqlite-vec's loadable extension is taken from its platform package in
 *   our own node_modules; sqlite-vec's JS (its import.meta.resolve of that
 *   package, ~5–10 ms on the first import) runs only when the file is
 *   elsewhere (a hoisted install).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** dist/store/ and dist/bundle/ alike sit two levels under the package root. */
const own = (path: string): string | undefined => {
  const file = fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));
  return existsSync(file) ? file : undefined;
};

export function sqliteAddonPath(): string | undefined {
  return own('better-sqlite3/build/Release/better_sqlite3.node');
}

/** sqlite-vec's platform package names its file vec0.<so|dylib|dll>. */
export function vecExtensionPath(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string | undefined {
  const os = platform === 'win32' ? 'windows' : platform;
  const suffix = platform === 'win32' ? 'dll' : platform === 'darwin' ? 'dylib' : 'so';
  return own(`sqlite-vec-${os}-${arch}/vec0.${suffix}`);
}

let DatabaseClass: typeof BetterSqlite3 | undefined;

/** better-sqlite3's Database, loaded on first use. */
export function sqliteDatabase(): typeof BetterSqlite3 {
  return (DatabaseClass ??= require('better-sqlite3') as typeof BetterSqlite3);
}

/** The file to load into a connection for vec0: ours, else where sqlite-vec finds it. */
export function vecExtension(): string {
  return vecExtensionPath() ?? (require('sqlite-vec') as { getLoadablePath: () => string }).getLoadablePath();
}
