import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export { makeSandbox, type Sandbox } from './sandbox-env.mjs';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'bundle', 'main.cjs');

/**
 * Removes a sandbox after its test. A command's background work (a warm of
 * the next launch's block, an index build) may still be writing in it, so a
 * file that appears mid-removal is retried, and a cleanup never fails a test.
 */
export function dropSandbox(home: string): void {
  try {
    rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch {
    // Left in the OS temp folder: harmless.
  }
}
