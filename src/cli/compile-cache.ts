/**
 * V8's compiled code of the bundle's chunks, kept between runs on a Node
 * without module.enableCompileCache (Node 20; Node 22 has its own, which
 * main.ts turns on instead). Compiling the chunks a launch loads cost it
 * ~11 ms side by side (bench/launch.mjs's store); deserializing the code
 * V8 made last time costs a fraction of that.
 *
 * The chunks are CommonJS (scripts/bundle.config.mjs), so this wraps
 * Module.prototype._compile for files in the bundle's folder alone, as
 * Node's own cache does inside: compile with the cached data when there
 * is some, and after the run (functions compiled lazily included) write
 * what V8 made for the chunks it had no data for, or refused it.
 *
 * V8 checks only a source's length against its cached data, so only the
 * chunks whose names carry their content hash (rolldown's [name]-[hash]) are
 * cached, by that name and length: a rebuilt chunk is another file, and
 * never runs the old code. (Hashing the text here instead cost more than
 * the compile it saved: ~5 ms for 170 kB in a cold process.) A chunk that
 * holds a dynamic import() is compiled as usual: on Node 20 a script made
 * from cached data loses its import() callback (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING),
 * and those chunks (the store, the token counter) are off a launch's path. The folder is the user's own
 * (~/.cache/claude-mem/compile/<node>-<arch>, 0700), not the shared temp
 * folder: cached code is code that runs. A cache that cannot be read,
 * is refused or cannot be written only costs the compile.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { Script } from 'node:vm';

/** Past this many files (old builds' chunks) the folder is cleared when written to. */
const MAX_FILES = 300;

interface CjsModule {
  exports: unknown;
}

interface ModuleInternals {
  prototype: { _compile(this: CjsModule, content: string, filename: string): unknown };
  wrap(content: string): string;
}

/** Where a user's compiled chunks live, for this Node. */
export function compileCacheDir(env: NodeJS.ProcessEnv): string {
  const xdg = env['XDG_CACHE_HOME'];
  const root = xdg ? resolve(xdg) : join(env['HOME'] ?? homedir(), '.cache');
  return join(root, 'claude-mem', 'compile', `${process.version}-${process.arch}`);
}

/** rolldown's chunk names: `[name]-[hash].cjs`, the hash of the chunk's content. */
const HASHED_CHUNK = /-[\w-]{8}\.cjs$/;

/** The cache file of a chunk named for its content hash, by that name and its length; undefined for any other file. */
export function cacheFileOf(dir: string, filename: string, content: string): string | undefined {
  const name = basename(filename);
  return HASHED_CHUNK.test(name) && !content.includes('import(') ? join(dir, `${name}.${content.length}.v8`) : undefined;
}

/**
 * Installs the cache for the CommonJS files under `bundleDir`; false when
 * NODE_DISABLE_COMPILE_CACHE is set (Node's own cache honours it too).
 */
export function installCompileCache(bundleDir: string, env: NodeJS.ProcessEnv): boolean {
  if (env['NODE_DISABLE_COMPILE_CACHE']) return false;
  const dir = compileCacheDir(env);
  // The CommonJS loader itself (require('node:module') is the Module class).
  const internals = (nodeModule as unknown as { Module: ModuleInternals }).Module;
  const original = internals.prototype._compile;
  const made: Array<{ file: string; script: Script }> = [];
  const prefix = resolve(bundleDir) + sep;
  internals.prototype._compile = function compileCached(this: CjsModule, content: string, filename: string): unknown {
    const file = filename.startsWith(prefix) ? cacheFileOf(dir, filename, content) : undefined;
    if (!file) return original.call(this, content, filename);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(file);
    } catch {
      // Not made yet: compiled as usual, and written after the run.
    }
    const script = new Script(internals.wrap(content), { filename, cachedData });
    if (!cachedData || script.cachedDataRejected) made.push({ file, script });
    const run = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return run.call(this.exports, this.exports, nodeModule.createRequire(filename), this, filename, dirname(filename));
  };
  process.once('exit', () => writeMade(dir, made));
  return true;
}

/** At exit: the code V8 made for each chunk that had none (functions compiled during the run included). */
function writeMade(dir: string, made: Array<{ file: string; script: Script }>): void {
  if (made.length === 0) return;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const old = readdirSync(dir);
    if (old.length > MAX_FILES) for (const f of old) rmSync(join(dir, f), { force: true });
    for (const { file, script } of made) {
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
      renameSync(tmp, file);
    }
  } catch {
    // A full disk or a read-only home: the next run compiles again.
  }
}
