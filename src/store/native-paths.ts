/**
 * Where the two native libraries a store needs are, found without a module
 * search: better-sqlite3's addon (its `bindings` lookup stats a dozen paths,
 * ~1.4 ms) and sqlite-vec's loadable extension (its import.meta.resolve of
 * the platform package, ~1.1 ms). Both are paid by every process that opens
 * a store: a launch that rebuilds its block, a query, the MCP server. Our
 * own node_modules is tried first (a global or a git install); anywhere
 * else (a hoisted install) the packages' own lookup runs, as before.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
