/**
 * A native addon (better-sqlite3, node-pty, onnxruntime) built for another
 * Node version, after Node was upgraded: one line saying how to rebuild.
 */
export function nativeMismatch(err: unknown, version: string = process.version): string | undefined {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  const message = typeof e?.message === 'string' ? e.message : '';
  if (e?.code !== 'ERR_DLOPEN_FAILED' && !/NODE_MODULE_VERSION|was compiled against a different Node\.js version/.test(message)) return undefined;
  // The innermost package: a global install nests its addons under node_modules/claude-mem/node_modules/.
  const module = [...message.matchAll(/node_modules\/((?:@[^/]+\/)?[^/\s']+)/g)].at(-1)?.[1] ?? 'a native module';
  return `${module} was built for another Node.js version than this one (${version}). Run "npm rebuild -g claude-mem" (or "npm rebuild" in a checkout), then try again.`;
}

