import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noticeOnce } from './notice-once.js';
import type { Notices } from './notices.js';

function collect(): { notices: Notices; lines: string[] } {
  const lines: string[] = [];
  return { notices: { info: (l) => lines.push(l), warn: (l) => lines.push(l), error: (l) => lines.push(l) }, lines };
}

describe('noticeOnce', () => {
  it('shows a line the first time only, and words a line given as a function only when it is shown', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-notice-'));
    const { notices, lines } = collect();
    let worded = 0;
    const line = (): string => (worded++, 'using built-in lexical vectors');
    noticeOnce(dir, 'lexical', line, notices);
    noticeOnce(dir, 'lexical', line, notices);
    expect(lines).toEqual(['using built-in lexical vectors']);
    expect(worded).toBe(1);
    noticeOnce(dir, 'other', 'a plain line', notices);
    noticeOnce(dir, 'none', () => undefined, notices);
    expect(lines).toEqual(['using built-in lexical vectors', 'a plain line']);
  });
});
