import { describe, expect, it } from 'vitest';
import { historyOf } from './history.js';
import { statementOf } from '../text/statement.js';
import type { Memory } from '../store/index.js';

/** A memory built from what its text states, as the store would write it. */
function stated(rowid: number, text: string, createdAt: number, validTo: number | null = null): Memory {
  const st = statementOf(text);
  return {
    id: String(rowid), rowid, scope: 'project', type: 'fact', text, supplement: '', dir: '/repo', agent: 'claude', sessionId: null, source: null,
    createdAt, lastAccessedAt: createdAt, heat: 0, status: validTo === null ? 'active' : 'archived', contentHash: String(rowid), embedderId: 'lexical-v1',
    supersededBy: null, reviewedAt: null, subject: st?.subject ?? null, subjectKey: st?.key ?? null, value: st?.value ?? null, validTo,
  };
}

describe('the values a subject held (pure)', () => {
  it('finds a time however it is asked for, in either language', () => {
    const memories = [stated(1, '发版时间是周三', 1000, 2000), stated(2, 'The release moved to Thursday.', 2000), stated(3, 'The preview port is 3000', 1500)];
    for (const asked of ['release day', 'release date', '发版时间', 'release time']) {
      const [h] = historyOf(asked, memories);
      expect(h?.values.map((v) => v.memory.value), asked).toEqual(['周三', 'Thursday']);
    }
  });
});
