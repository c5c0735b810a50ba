import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Notices } from './notices.js';
import { touchPrivateFile } from '../fs-private.js';

/**
 * Shows a notice the first time only (per user data dir), so the lexical
 * fallback is "one line saying so", not a line on every command.
 * `status` always shows the embedder in use.
 */
export function noticeOnce(userDataDir: string, key: string, line: string | undefined | (() => string | undefined), messages: Notices): void {
  if (!line) return;
  const mark = join(userDataDir, `.notice-${key}`);
  if (existsSync(mark)) return;
  // A line given as a function is worded only when it is to be shown (see EmbedderChoice).
  const text = typeof line === 'function' ? line() : line;
  if (!text) return;
  messages.info(text);
  try {
    touchPrivateFile(mark);
  } catch {
    // Showing it again next time is the lesser harm.
  }
}
