import { describe, expect, it } from 'vitest';
import { acceptedProposals, diffChanges } from './structures.js';

describe('values stated by structure', () => {
  it('an accepted proposal is one statement, the user\'s, in either language; a refusal accepts nothing', () => {
    const turns = [
      { user: 'the OTA flash keeps tripping the watchdog', reply: ['The watchdog fires after 500 ms while the flash erases.', "I'd raise the watchdog timeout to 2500 ms so the erase can finish — ok?"] },
      { user: 'yes, go with 2500', reply: ['Done.'] },
      { user: '重试太频繁了', reply: ['建议把重试间隔改成 1800 毫秒，要提交吗？'] },
      { user: '提吧，1800', reply: ['已提交。'] },
      { user: 'what about the log level?', reply: ['We could lower the log level to warn in prod, want me to?'] },
      { user: 'no, keep info', reply: ['OK, leaving it.'] },
    ];
    expect(acceptedProposals(turns)).toEqual([
      { turn: 1, text: 'raise the watchdog timeout to 2500 ms so the erase can finish — yes, go with 2500' },
      { turn: 3, text: '把重试间隔改成 1800 毫秒 — 提吧，1800' },
    ]);
  });

  it('an acceptance with no value takes the proposal that asked', () => {
    expect(acceptedProposals([{ user: 'cache?', reply: ['Shall we set the cache TTL to 300 s?'] }, { user: 'sure', reply: [] }])).toEqual([{ turn: 1, text: 'set the cache TTL to 300 s — sure' }]);
  });

  it('a diff\'s removed and added line of one key are its old and new value', () => {
    const shown = ['--- a/src/wdt.rs', '+++ b/src/wdt.rs', '@@ -3,4 +3,4 @@', '-    timeout_ms = 500', '+    timeout_ms = 2500', '-  "baudRate": 115200,', '+  "baudRate": 921600,', '+  new_key = 1'];
    expect(diffChanges(shown)).toEqual(['timeout_ms = 2500 (was 500)', 'baudRate = 921600 (was 115200)']);
  });
});
