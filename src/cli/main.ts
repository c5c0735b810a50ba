#!/usr/bin/env node
// The entry point. A hook event other than SessionStart (one per tool call of a
// CLI) takes a path that loads no commander and no SQLite; everything else
// is the full CLI (cli.ts). The hooks setup writes run the CommonJS
// hook-main.ts instead, faster still; this path serves hooks an older setup
// wrote and `claude-mem hook` typed by hand.
import * as nodeModule from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installCompileCache } from './compile-cache.js';

// V8's compiled code of the modules loaded after this, kept between runs.
// Node 22 has its own cache (in the OS temp folder; NODE_COMPILE_CACHE moves
// it); on Node 20 the bundle keeps one of its chunks (compile-cache.ts).
// NODE_DISABLE_COMPILE_CACHE=1 turns either off.
const nodeCache = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
if (nodeCache) nodeCache();
else if (import.meta.url.endsWith('.cjs')) installCompileCache(dirname(fileURLToPath(import.meta.url)), process.env);

const argv = process.argv.slice(2);
// No top-level await: the shipped bundle is CommonJS (scripts/bundle.config.mjs).
void (async () => {
  if (!(argv[0] === 'hook' && (await import('./hook-spool.js')).fastHook(argv, process.env, process.cwd())) && !(await servedQuery(argv))) await import('./cli.js');
})();

/**
 * A query the running query server answered (query-server/): printed as
 * this process's own. No server, or one that refuses: the full CLI runs it.
 */
async function servedQuery(args: string[]): Promise<boolean> {
  if (!args.includes('query')) return false;
  const { commandWord } = await import('./command-word.js');
  if (commandWord(args) !== 'query') return false;
  const { askQueryServer } = await import('../query-server/client.js');
  const a = await askQueryServer(args, process.cwd(), process.env, process.argv[1]);
  if (!a) return false;
  process.stderr.write(a.stderr);
  process.stdout.write(a.stdout);
  process.exitCode = a.code;
  return true;
}
