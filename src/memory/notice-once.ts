import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Notices } from './notices.js';
import { touchPrivateFile } from '../fs-private.js';

/**
 * Shows a notice the first time only (per user data dir), so the lexical
 * fallback is "one line saying so", not a line on every command.
 * `status` always shows the embedder in use.
 */
export function noticeOnce(userDataDir: string, key: string, line: string | undefined, messages: Notices): void {
  if (!line) return;
  const mark = join(userDataDir, `.notice-${key}`);
  if (existsSync(mark)) return;
  messages.info(line);
  try {
    touchPrivateFile(mark);
  } catch {
    // Showing it again next time is the lesser harm.
  }
}
